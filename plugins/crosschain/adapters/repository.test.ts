import { onEveryStore } from '../../../kit/testing.js';
import { MemoryBridgeFaultRepository } from './memory/memory-bridge-fault-repository.js';
import { MemoryBridgeQuoteRepository } from './memory/memory-bridge-quote-repository.js';
import { MemoryBridgeTransferRepository } from './memory/memory-bridge-transfer-repository.js';
import { MemoryCrossChainSwapRepository } from './memory/memory-cross-chain-swap-repository.js';
import { bridgeQuoteRepositoryContract } from './repository.contract.js';
import { crosschainMigrations } from './sql/migrations.js';
import { SqlBridgeFaultRepository } from './sql/sql-bridge-fault-repository.js';
import { SqlBridgeQuoteRepository } from './sql/sql-bridge-quote-repository.js';
import { SqlBridgeTransferRepository } from './sql/sql-bridge-transfer-repository.js';
import { SqlCrossChainSwapRepository } from './sql/sql-cross-chain-swap-repository.js';
import { bridgeTransferRepositoryContract } from './transfer-repository.contract.js';

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

onEveryStore('crosschain', crosschainMigrations, (kind, open) =>
  bridgeTransferRepositoryContract(`crosschain bridge transfer and fault repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { transfers: new MemoryBridgeTransferRepository(), faults: new MemoryBridgeFaultRepository(), swaps: new MemoryCrossChainSwapRepository() };
      await store.truncateAll();
      return { transfers: new SqlBridgeTransferRepository(), faults: new SqlBridgeFaultRepository(), swaps: new SqlCrossChainSwapRepository() };
    },
  }).run(),
);
