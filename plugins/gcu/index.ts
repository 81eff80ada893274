import type { Bind } from 'inversify';
import {
  AssetCatalog,
  Clock,
  ConsumerStore,
  definePlugin,
  Ids,
  Ledger,
  Logger,
  operation,
  PriceFeed,
  Scheduler,
  systemContext,
  UnitOfWork,
  type Newable,
  type OperationBinding,
  type PluginContext,
} from '../../kernel/public.js';
import { MemoryGcuRepository } from './adapters/memory/memory-gcu-repository.js';
import { gcuMigrations } from './adapters/sql/migrations.js';
import { SqlGcuRepository } from './adapters/sql/sql-gcu-repository.js';
import { BasketBook } from './application/basket-book.js';
import { BasketExchange } from './application/basket-exchange.js';
import { GetBasketOperation, GetCompositionOperation, GetGcuOperation, ListBasketsOperation } from './application/basket-queries.js';
import { BasketReport } from './application/basket-report.js';
import { CastVoteOperation } from './application/cast-vote.js';
import { ComposeOperation } from './application/compose.js';
import { CreateProposalOperation } from './application/create-proposal.js';
import { DecomposeOperation } from './application/decompose.js';
import { ExchangeTerms } from './application/exchange-terms.js';
import { GovernanceTick, type TickReport } from './application/governance-tick.js';
import { HoldingsProjection } from './application/holdings-projection.js';
import { PriceRecorder } from './application/price-recorder.js';
import { GetProposalOperation, ListProposalsOperation, MyVotesOperation } from './application/proposal-queries.js';
import { ProposalViews } from './application/proposal-views.js';
import { Proposals } from './application/proposals.js';
import { Rebalancer } from './application/rebalancer.js';
import { ReserveSync } from './application/reserve-sync.js';
import { Snapshots } from './application/snapshots.js';
import { RebalanceOperation, RunTickOperation } from './application/tick-operations.js';
import { Valuation } from './application/valuation.js';
import { ValueHistoryOperation } from './application/value-history.js';
import { gcuCommands } from './commands.js';
import { GcuConfig, gcuConfigSchema } from './config.js';
import { gcuEvents } from './events.js';
import { gcuGraphql } from './graphql/index.js';
import { gcuRoutes, gcuRouteTags } from './http.js';
import * as ops from './operations.js';
import { GcuRepository } from './ports.js';

const operations: readonly OperationBinding[] = [
  operation(ops.ListBaskets, ListBasketsOperation),
  operation(ops.GetBasket, GetBasketOperation),
  operation(ops.GetGcu, GetGcuOperation),
  operation(ops.GetComposition, GetCompositionOperation),
  operation(ops.GetValueHistory, ValueHistoryOperation),
  operation(ops.Compose, ComposeOperation),
  operation(ops.Decompose, DecomposeOperation),
  operation(ops.ListProposals, ListProposalsOperation),
  operation(ops.GetProposal, GetProposalOperation),
  operation(ops.CastVote, CastVoteOperation),
  operation(ops.MyVotes, MyVotesOperation),
  operation(ops.CreateProposal, CreateProposalOperation),
  operation(ops.RunTick, RunTickOperation),
  operation(ops.Rebalance, RebalanceOperation),
];

const services: readonly Newable<unknown>[] = [
  BasketBook,
  BasketExchange,
  BasketReport,
  ExchangeTerms,
  GovernanceTick,
  HoldingsProjection,
  PriceRecorder,
  ProposalViews,
  Proposals,
  Rebalancer,
  ReserveSync,
  Snapshots,
  Valuation,
];

/** What a tick changed, for the Scheduler's log: prices, a proposal, a rebalancing, reserves. */
function tickWork(report: TickReport): number {
  return report.prices_recorded + (report.proposal_created ? 1 : 0) + (report.rebalanced_to_version !== null ? 1 : 0) + report.reserves_synced;
}

/**
 * The Global Currency Unit: baskets (the GCU by default), prices and value
 * history, compose/decompose through core banking's Ledger port, and the
 * monthly governance vote that sets the weights. docs/gcu.md explains the
 * model; nothing here reads core banking's tables.
 */
export const gcuPlugin = definePlugin<GcuConfig>({
  name: 'gcu',
  version: '0.1.0',
  kernel: '^2.0.0',
  description: 'Global Currency Unit: baskets, compose/decompose, value history, governance voting and monthly rebalancing.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [Ledger, UnitOfWork, ConsumerStore, AssetCatalog, PriceFeed, Scheduler, Clock, Ids, Logger],
  config: gcuConfigSchema,
  register(bind: Bind, ctx: PluginContext<GcuConfig>) {
    bind<GcuConfig>(GcuConfig).toConstantValue(ctx.config);
    for (const service of services) bind(service).toSelf();
  },
  operations,
  persistence: {
    memory(bind: Bind) {
      bind<GcuRepository>(GcuRepository).to(MemoryGcuRepository);
    },
    sql(bind: Bind) {
      bind<GcuRepository>(GcuRepository).to(SqlGcuRepository);
    },
  },
  migrations: gcuMigrations,
  routes: gcuRoutes,
  routeTags: gcuRouteTags,
  commands: gcuCommands,
  events: gcuEvents,
  graphql: gcuGraphql,
  async start(rt) {
    // Creates the GCU on first start and records this hour's prices; the rest
    // (backfill, snapshots, closing, rebalancing) is the full tick's, which the
    // Scheduler runs at once and then every tick_interval_ms in a serving
    // process only, so short CLI runs start fast and never do scheduler work.
    const runTick = rt.get(ops.RunTick);
    await runTick.execute({ startOnly: true }, systemContext('', 'gcu.start'));
    const intervalMs = rt.get(GcuConfig).tick_interval_ms;
    if (intervalMs > 0) {
      rt.get(Scheduler).every({ name: 'gcu.tick', intervalMs, run: async () => tickWork(await runTick.execute({}, systemContext('', 'gcu.tick'))) });
    }
  },
});

export default gcuPlugin;
