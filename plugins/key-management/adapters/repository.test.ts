import { onEveryStore } from '../../../kit/testing.js';
import { MemoryRecoveryKeyRepository } from './memory/memory-recovery-key-repository.js';
import { recoveryKeyRepositoryContract } from './repository.contract.js';
import { keyManagementMigrations } from './sql/migrations.js';
import { SqlRecoveryKeyRepository } from './sql/sql-recovery-key-repository.js';

onEveryStore('key-management', keyManagementMigrations, (kind, open) =>
  recoveryKeyRepositoryContract(`key-management repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryRecoveryKeyRepository();
      await store.truncateAll();
      return new SqlRecoveryKeyRepository();
    },
  }).run(),
);
