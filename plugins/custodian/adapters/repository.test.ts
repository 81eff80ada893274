import { onEveryStore } from '../../../kit/testing.js';
import { MemoryCustodianRepository } from './memory/memory-custodian-repository.js';
import { custodianRepositoryContract } from './repository.contract.js';
import { custodianMigrations } from './sql/migrations.js';
import { SqlCustodianRepository } from './sql/sql-custodian-repository.js';

onEveryStore('custodian', custodianMigrations, (kind, open) =>
  custodianRepositoryContract(`custodian repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryCustodianRepository();
      await store.truncateAll();
      return new SqlCustodianRepository();
    },
  }).run(),
);
