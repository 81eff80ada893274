import { onEveryStore } from '../../../kit/testing.js';
import { MemoryCgoRepository } from './memory/memory-cgo-repository.js';
import { cgoRepositoryContract } from './repository.contract.js';
import { cgoMigrations } from './sql/migrations.js';
import { SqlCgoRepository } from './sql/sql-cgo-repository.js';

onEveryStore('cgo', cgoMigrations, (kind, open) =>
  cgoRepositoryContract(`cgo repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryCgoRepository();
      await store.truncateAll();
      return new SqlCgoRepository();
    },
  }).run(),
);
