import { onEveryStore } from '../../../kit/testing.js';
import { MemoryBatchRepository } from './memory/memory-batch-repository.js';
import { batchRepositoryContract } from './repository.contract.js';
import { batchMigrations } from './sql/migrations.js';
import { SqlBatchRepository } from './sql/sql-batch-repository.js';

onEveryStore('batch', batchMigrations, (kind, open) =>
  batchRepositoryContract(`batch repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryBatchRepository();
      await store.truncateAll();
      return new SqlBatchRepository();
    },
  }).run(),
);
