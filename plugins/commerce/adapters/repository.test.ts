import { onEveryStore } from '../../../kit/testing.js';
import { MemoryCommerceRepository } from './memory/memory-commerce-repository.js';
import { commerceRepositoryContract } from './repository.contract.js';
import { commerceMigrations } from './sql/migrations.js';
import { SqlCommerceRepository } from './sql/sql-commerce-repository.js';

onEveryStore('commerce', commerceMigrations, (kind, open) =>
  commerceRepositoryContract(`commerce repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryCommerceRepository();
      await store.truncateAll();
      return new SqlCommerceRepository();
    },
  }).run(),
);
