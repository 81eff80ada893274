import { onEveryStore } from '../../../kit/testing.js';
import { MemoryBridgeQuoteRepository } from './memory/memory-bridge-quote-repository.js';
import { bridgeQuoteRepositoryContract } from './repository.contract.js';
import { crosschainMigrations } from './sql/migrations.js';
import { SqlBridgeQuoteRepository } from './sql/sql-bridge-quote-repository.js';

onEveryStore('crosschain', crosschainMigrations, (kind, open) =>
  bridgeQuoteRepositoryContract(`crosschain bridge quote repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryBridgeQuoteRepository();
      await store.truncateAll();
      return new SqlBridgeQuoteRepository();
    },
  }).run(),
);
