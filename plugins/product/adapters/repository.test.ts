import { onEveryStore } from '../../../kit/testing.js';
import { MemoryProductRepository } from './memory/memory-product-repository.js';
import { productRepositoryContract } from './repository.contract.js';
import { productMigrations } from './sql/migrations.js';
import { SqlProductRepository } from './sql/sql-product-repository.js';

onEveryStore('product', productMigrations, (kind, open) =>
  productRepositoryContract(`product repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryProductRepository();
      await store.truncateAll();
      return new SqlProductRepository();
    },
  }).run(),
);
