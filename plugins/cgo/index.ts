import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, Scheduler, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryCgoRepository } from './adapters/memory/memory-cgo-repository.js';
import { cgoMigrations } from './adapters/sql/migrations.js';
import { SqlCgoRepository } from './adapters/sql/sql-cgo-repository.js';
import { CloseRoundOperation, RoundClosing } from './application/close-round.js';
import { InvestOperation } from './application/invest.js';
import { OpenRoundOperation } from './application/open-round.js';
import { GetInvestmentOperation, GetRoundOperation, ListInvestmentsOperation, ListRoundsOperation } from './application/read.js';
import { CgoConfig, cgoConfigSchema } from './config.js';
import { cgoEvents } from './events.js';
import { cgoGraphql } from './graphql/cgo.js';
import { cgoRoutes, cgoRouteTags } from './http.js';
import { CloseRound, GetInvestment, GetRound, Invest, ListInvestments, ListRounds, OpenRound } from './operations.js';
import { CgoRepository } from './ports.js';

/**
 * Investment rounds (continuous growth offering): an operator opens a round
 * of units at a price; teams invest through the Ledger into escrow; at the
 * closing time (the Clock's) every investment is allocated, pro-rata when
 * oversubscribed, and the rest refunded (docs/cgo.md).
 */
export const cgoPlugin = definePlugin<CgoConfig>({
  name: 'cgo',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'Investment rounds: units at a price, paid into escrow through the ledger, allocated pro-rata at close with refunds.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids, Scheduler],
  config: cgoConfigSchema,
  register(bind: Bind, ctx: PluginContext<CgoConfig>) {
    bind(CgoConfig).toConstantValue(ctx.config);
    bind(RoundClosing).toSelf();
  },
  operations: [
    operation(OpenRound, OpenRoundOperation),
    operation(CloseRound, CloseRoundOperation),
    operation(GetRound, GetRoundOperation),
    operation(ListRounds, ListRoundsOperation),
    operation(Invest, InvestOperation),
    operation(GetInvestment, GetInvestmentOperation),
    operation(ListInvestments, ListInvestmentsOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(CgoRepository).to(MemoryCgoRepository),
    sql: (bind: Bind) => bind(CgoRepository).to(SqlCgoRepository),
  },
  migrations: cgoMigrations,
  routes: cgoRoutes,
  routeTags: cgoRouteTags,
  events: cgoEvents,
  graphql: cgoGraphql,
  async start(rt) {
    const { close_interval_ms: intervalMs } = rt.get(CgoConfig);
    const closing = rt.get(RoundClosing);
    // Rounds close at closes_at by the Clock: each pass closes the ones due.
    if (intervalMs > 0) rt.get(Scheduler).every({ name: 'cgo.close-due-rounds', intervalMs, run: () => closing.sweep() });
  },
});

export default cgoPlugin;
