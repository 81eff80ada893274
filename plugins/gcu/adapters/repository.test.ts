import type { StoreBundle } from '../../../adapters/store.js';
import { onEveryStore } from '../../../test/contracts/plugin-stores.js';
import { MemoryGcuRepository } from './memory/memory-gcu-repository.js';
import { gcuRepositoryContract } from './repository.contract.js';
import { gcuMigrations } from './sql/migrations.js';
import { SqlGcuRepository } from './sql/sql-gcu-repository.js';

async function sqlRepository(store: StoreBundle): Promise<SqlGcuRepository> {
  await store.truncateAll();
  return new SqlGcuRepository();
}

onEveryStore('gcu', gcuMigrations, (kind, open) => {
  // The memory repository keeps its rows in the instance: a new instance is empty.
  gcuRepositoryContract(kind, { open, reset: kind === 'memory' ? async () => new MemoryGcuRepository() : sqlRepository }).run();
});
