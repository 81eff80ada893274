import { onEveryStore } from '../../../kit/testing.js';
import { custodyRepositoryContract } from './custody.contract.js';
import { MemoryCustodyRepository } from './memory/memory-custody-repository.js';
import { chainsMigrations } from './sql/migrations.js';
import { SqlCustodyRepository } from './sql/sql-custody-repository.js';

onEveryStore('chains', chainsMigrations, (kind, open) =>
  custodyRepositoryContract(`chains custody repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryCustodyRepository();
      await store.truncateAll();
      return new SqlCustodyRepository();
    },
  }).run(),
);
