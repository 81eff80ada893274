import { ActivityHistory, AssetCatalog, Chain, ChainCatalog, ChainFaucet, Clock, CrossChainBridges, definePlugin, Ids, Ledger, OnChainHoldings, operation, PriceFeed, TransactionHistory, UnitOfWork, WorkflowEngine, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { MemoryBridgeFaultRepository } from './adapters/memory/memory-bridge-fault-repository.js';
import { MemoryBridgeQuoteRepository } from './adapters/memory/memory-bridge-quote-repository.js';
import { MemoryBridgeTransferRepository } from './adapters/memory/memory-bridge-transfer-repository.js';
import { simulatedBridges } from './adapters/protocols/simulated-bridge.js';
import { crosschainMigrations } from './adapters/sql/migrations.js';
import { SqlBridgeFaultRepository } from './adapters/sql/sql-bridge-fault-repository.js';
import { SqlBridgeQuoteRepository } from './adapters/sql/sql-bridge-quote-repository.js';
import { SqlBridgeTransferRepository } from './adapters/sql/sql-bridge-transfer-repository.js';
import { ArmBridgeFaultOperation } from './application/arm-bridge-fault.js';
import { BridgeHistory } from './application/bridge-history.js';
import { BridgeLifecycle } from './application/bridge-lifecycle.js';
import { BridgeOperation } from './application/bridge-now.js';
import { BridgeTransfers } from './application/bridge-transfers.js';
import { InitiateBridgeOperation } from './application/initiate-bridge.js';
import { ReadBridgeTransferOperation } from './application/read-bridge-transfer.js';
import { crosschainCommands } from './commands.js';
import { crosschainEvents } from './events.js';
import { BridgeTransferWorkflow, bridgeTransferWorkflow, CrossChainSwapWorkflow, crossChainSwapWorkflow } from './workflows.js';
import { CrossChainSwaps } from './application/cross-chain-swaps.js';
import { CrossChainSwapOperation, ReadCrossChainSwapOperation } from './application/swap-operations.js';
import { GetCrossChainPortfolioOperation } from './application/portfolio.js';
import { MemoryCrossChainSwapRepository } from './adapters/memory/memory-cross-chain-swap-repository.js';
import { SqlCrossChainSwapRepository } from './adapters/sql/sql-cross-chain-swap-repository.js';
import { BridgeComparison } from './application/bridge-comparison.js';
import { CompareBridgeFeesOperation } from './application/compare-fees.js';
import { QuoteBridgeOperation } from './application/quote-bridge.js';
import { ReadBridgeQuoteOperation } from './application/read-bridge-quote.js';
import { CrosschainBridgesService } from './application/cross-chain-bridges.js';
import { CrosschainConfig, crosschainConfigSchema } from './config.js';
import { crosschainGraphql } from './graphql/crosschain.js';
import { crosschainRoutes, crosschainRouteTags } from './http.js';
import { ArmBridgeFault, Bridge, CompareBridgeFees, CrossChainSwap, GetCrossChainPortfolio, InitiateBridge, QuoteBridge, ReadBridgeQuote, ReadBridgeTransfer, ReadCrossChainSwap } from './operations.js';
import { BridgeFaultRepository, BridgeProtocols, BridgeQuoteRepository, BridgeTransferRepository, CrossChainSwapRepository } from './ports.js';

/**
 * Cross-chain bridging over the simulated chains (docs/crosschain.md): three
 * bridge protocols (wormhole, layerzero, axelar), each a documented fee and
 * time model with a support matrix, stored expiring quotes, a fee
 * comparison, and bridge transfers between the ledger's per-chain holdings
 * whose lifecycle the workflow engine drives (with fault injection),
 * cross-chain swaps (the bridge lifecycle, then a swap on the destination
 * through defi's TokenSwaps) and the portfolio across chains.
 */
export const crosschainPlugin = definePlugin<CrosschainConfig>({
  name: 'crosschain',
  version: '0.3.0',
  kernel: '^2.3.0',
  description: 'Bridge protocols (wormhole, layerzero, axelar) with their fee and time models, bridge quotes (stored, expiring, read back), fee comparison, bridge transfers (pending → source_confirmed → attested → completed or failed and refunded) with fault injection, cross-chain swaps (bridge, then swap on the destination through defi) and the multi-chain portfolio.',
  dependsOn: ['chains', 'core-banking'],
  provides: [CrossChainBridges],
  contributes: [ActivityHistory],
  // TokenSwaps and DefiPositions (defi) are optional: without defi, /crosschain/swap refuses and the portfolio has no positions.
  requires: [UnitOfWork, ChainCatalog, Chain, ChainFaucet, OnChainHoldings, Ledger, TransactionHistory, WorkflowEngine, AssetCatalog, PriceFeed, Clock, Ids],
  config: crosschainConfigSchema,
  register(bind: Bind, ctx: PluginContext<CrosschainConfig>) {
    bind(CrosschainConfig).toConstantValue(ctx.config);
    bind(BridgeProtocols).toResolvedValue(simulatedBridges, [Chain, PriceFeed]);
    bind(BridgeComparison).toSelf();
    bind(ActivityHistory).to(BridgeHistory);
    bind(BridgeTransfers).toSelf();
    bind(BridgeLifecycle).toSelf();
    bind(BridgeTransferWorkflow).toResolvedValue(bridgeTransferWorkflow, [BridgeLifecycle]);
    bind(CrossChainSwaps).toSelf();
    bind(CrossChainSwapWorkflow).toResolvedValue(crossChainSwapWorkflow, [BridgeLifecycle, CrossChainSwaps]);
    bind(CrossChainBridges).to(CrosschainBridgesService);
  },
  operations: [
    operation(QuoteBridge, QuoteBridgeOperation), operation(CompareBridgeFees, CompareBridgeFeesOperation), operation(ReadBridgeQuote, ReadBridgeQuoteOperation),
    operation(InitiateBridge, InitiateBridgeOperation),
    operation(Bridge, BridgeOperation),
    operation(ReadBridgeTransfer, ReadBridgeTransferOperation),
    operation(ArmBridgeFault, ArmBridgeFaultOperation),
    operation(CrossChainSwap, CrossChainSwapOperation),
    operation(ReadCrossChainSwap, ReadCrossChainSwapOperation),
    operation(GetCrossChainPortfolio, GetCrossChainPortfolioOperation),
  ],
  persistence: {
    memory: (bind: Bind) => {
      bind(BridgeQuoteRepository).to(MemoryBridgeQuoteRepository);
      bind(BridgeTransferRepository).to(MemoryBridgeTransferRepository);
      bind(BridgeFaultRepository).to(MemoryBridgeFaultRepository);
      bind(CrossChainSwapRepository).to(MemoryCrossChainSwapRepository);
    },
    sql: (bind: Bind) => {
      bind(BridgeQuoteRepository).to(SqlBridgeQuoteRepository);
      bind(BridgeTransferRepository).to(SqlBridgeTransferRepository);
      bind(BridgeFaultRepository).to(SqlBridgeFaultRepository);
      bind(CrossChainSwapRepository).to(SqlCrossChainSwapRepository);
    },
  },
  migrations: crosschainMigrations,
  routes: crosschainRoutes,
  routeTags: crosschainRouteTags,
  graphql: crosschainGraphql,
  commands: crosschainCommands,
  events: crosschainEvents,
  workflows: [BridgeTransferWorkflow, CrossChainSwapWorkflow],
});

export default crosschainPlugin;
