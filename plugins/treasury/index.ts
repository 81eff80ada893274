import { AssetCatalog, ChainCatalog, Clock, CrossChainBridges, definePlugin, EventBackbone, Ids, Ledger, OnChainHoldings, operation, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { MemoryAllocationRepository } from './adapters/memory/memory-allocation-repository.js';
import { MemoryRebalanceRepository } from './adapters/memory/memory-rebalance-repository.js';
import { treasuryMigrations } from './adapters/sql/migrations.js';
import { SqlAllocationRepository } from './adapters/sql/sql-allocation-repository.js';
import { SqlRebalanceRepository } from './adapters/sql/sql-rebalance-repository.js';
import { ChainHoldings } from './application/chain-holdings.js';
import { ListAllocationsOperation } from './application/list-allocations.js';
import { ReadRebalanceOperation } from './application/read-rebalance.js';
import { RebalanceOperation } from './application/rebalance.js';
import { RebalanceSettlement } from './application/rebalance-settlement.js';
import { SetAllocationOperation } from './application/set-allocation.js';
import { TreasuryConfig, treasuryConfigSchema } from './config.js';
import { treasuryEvents } from './events.js';
import { treasuryGraphql } from './graphql/treasury.js';
import { treasuryRoutes, treasuryRouteTags } from './http.js';
import { ListAllocations, ReadRebalance, Rebalance, SetAllocation } from './operations.js';
import { AllocationRepository, RebalanceRepository } from './ports.js';

/**
 * Treasury rebalancing across chains (docs/treasury.md): a team's target
 * allocation of a token across chains, and rebalances that plan the
 * cheapest bridge transfers to it within a tolerance, start them through
 * the CrossChainBridges port (crosschain) and complete when every transfer
 * is final, as a durable consumer of the bridge events.
 */
export const treasuryPlugin = definePlugin<TreasuryConfig>({
  name: 'treasury',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'Target allocations of a token across chains, and rebalancing to them with the cheapest bridge transfers (planned, executed and settled; portfolioRebalanced live).',
  dependsOn: ['core-banking', 'chains', 'crosschain'],
  provides: [],
  requires: [UnitOfWork, Ledger, OnChainHoldings, CrossChainBridges, ChainCatalog, AssetCatalog, EventBackbone, Clock, Ids],
  config: treasuryConfigSchema,
  register(bind: Bind, ctx: PluginContext<TreasuryConfig>) {
    bind(TreasuryConfig).toConstantValue(ctx.config);
    bind(ChainHoldings).toSelf();
    bind(RebalanceSettlement).toSelf();
  },
  operations: [
    operation(SetAllocation, SetAllocationOperation),
    operation(ListAllocations, ListAllocationsOperation),
    operation(Rebalance, RebalanceOperation),
    operation(ReadRebalance, ReadRebalanceOperation),
  ],
  persistence: {
    memory: (bind: Bind) => {
      bind(AllocationRepository).to(MemoryAllocationRepository);
      bind(RebalanceRepository).to(MemoryRebalanceRepository);
    },
    sql: (bind: Bind) => {
      bind(AllocationRepository).to(SqlAllocationRepository);
      bind(RebalanceRepository).to(SqlRebalanceRepository);
    },
  },
  migrations: treasuryMigrations,
  routes: treasuryRoutes,
  routeTags: treasuryRouteTags,
  events: treasuryEvents,
  graphql: treasuryGraphql,
  async start(rt) {
    rt.get(EventBackbone).register(rt.get(RebalanceSettlement));
  },
});

export default treasuryPlugin;
