import type { StoreBundle } from '../../../adapters/store.js';
import { onEveryStore } from '../../../test/contracts/plugin-stores.js';
import { MemoryExchangeRepository } from './memory/memory-exchange-repository.js';
import { exchangeRepositoryContract } from './repository.contract.js';
import { exchangeMigrations } from './sql/migrations.js';
import { SqlExchangeRepository } from './sql/sql-exchange-repository.js';

async function sqlRepository(store: StoreBundle): Promise<SqlExchangeRepository> {
  await store.truncateAll();
  return new SqlExchangeRepository();
}

onEveryStore('exchange', exchangeMigrations, (kind, open) => {
  // The memory repository keeps its rows in the instance: a new instance is empty.
  exchangeRepositoryContract(kind, { open, reset: kind === 'memory' ? async () => new MemoryExchangeRepository() : sqlRepository }).run();
});
