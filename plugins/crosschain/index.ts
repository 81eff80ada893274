import { AssetCatalog, Chain, ChainCatalog, Clock, definePlugin, Ids, operation, PriceFeed, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { MemoryBridgeQuoteRepository } from './adapters/memory/memory-bridge-quote-repository.js';
import { simulatedBridges } from './adapters/protocols/simulated-bridge.js';
import { crosschainMigrations } from './adapters/sql/migrations.js';
import { SqlBridgeQuoteRepository } from './adapters/sql/sql-bridge-quote-repository.js';
import { BridgeComparison } from './application/bridge-comparison.js';
import { CompareBridgeFeesOperation } from './application/compare-fees.js';
import { QuoteBridgeOperation } from './application/quote-bridge.js';
import { ReadBridgeQuoteOperation } from './application/read-bridge-quote.js';
import { CrosschainConfig, crosschainConfigSchema } from './config.js';
import { crosschainRoutes, crosschainRouteTags } from './http.js';
import { BridgeQuoteInput, CompareBridgeFees, QuoteBridge, ReadBridgeQuote } from './operations.js';
import { BridgeProtocols, BridgeQuoteRepository } from './ports.js';

/**
 * Cross-chain bridging over the simulated chains (docs/crosschain.md): three
 * bridge protocols (wormhole, layerzero, axelar), each a documented fee and
 * time model with a support matrix, stored expiring quotes and a fee
 * comparison. Transfers come with the ledger's per-chain holdings.
 */
export const crosschainPlugin = definePlugin<CrosschainConfig>({
  name: 'crosschain',
  version: '0.1.0',
  kernel: '^2.1.0',
  description: 'Bridge protocols (wormhole, layerzero, axelar) with their fee and time models, bridge quotes (stored, expiring, read back) and fee comparison.',
  dependsOn: ['chains'],
  provides: [],
  requires: [UnitOfWork, ChainCatalog, Chain, AssetCatalog, PriceFeed, Clock, Ids],
  config: crosschainConfigSchema,
  register(bind: Bind, ctx: PluginContext<CrosschainConfig>) {
    bind(CrosschainConfig).toConstantValue(ctx.config);
    bind(BridgeProtocols).toResolvedValue(simulatedBridges, [Chain, PriceFeed]);
    bind(BridgeComparison).toSelf();
  },
  operations: [operation(QuoteBridge, QuoteBridgeOperation, BridgeQuoteInput), operation(CompareBridgeFees, CompareBridgeFeesOperation), operation(ReadBridgeQuote, ReadBridgeQuoteOperation)],
  persistence: {
    memory: (bind: Bind) => bind(BridgeQuoteRepository).to(MemoryBridgeQuoteRepository),
    sql: (bind: Bind) => bind(BridgeQuoteRepository).to(SqlBridgeQuoteRepository),
  },
  migrations: crosschainMigrations,
  routes: crosschainRoutes,
  routeTags: crosschainRouteTags,
});

export default crosschainPlugin;
