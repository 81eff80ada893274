import { onEveryStore } from '../../../kit/testing.js';
import { MemoryItemRepository } from './memory/memory-item-repository.js';
import { itemRepositoryContract } from './repository.contract.js';
import { templateMigrations } from './sql/migrations.js';
import { SqlItemRepository } from './sql/sql-item-repository.js';

onEveryStore('template', templateMigrations, (kind, open) =>
  itemRepositoryContract(`template item repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryItemRepository();
      await store.truncateAll();
      return new SqlItemRepository();
    },
  }).run(),
);
