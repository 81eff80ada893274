import { onEveryStore } from '../../../kit/testing.js';
import { lendingRepositoryContract } from './lending-repository.contract.js';
import { MemoryLendingRepository } from './memory/memory-lending-repository.js';
import { defiMigrations } from './sql/migrations.js';
import { SqlLendingRepository } from './sql/sql-lending-repository.js';

onEveryStore('defi', defiMigrations, (kind, open) =>
  lendingRepositoryContract(`defi lending repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryLendingRepository();
      await store.truncateAll();
      return new SqlLendingRepository();
    },
  }).run(),
);
