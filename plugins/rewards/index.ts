import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, EventBackbone, Ids, Ledger, operation, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryRewardsRepository } from './adapters/memory/memory-rewards-repository.js';
import { rewardsMigrations } from './adapters/sql/migrations.js';
import { SqlRewardsRepository } from './adapters/sql/sql-rewards-repository.js';
import { EarningConsumer } from './application/earning-consumer.js';
import { EnrollOperation, GetProfileOperation, ListEarningsOperation, OptOutOperation } from './application/profile.js';
import { CreateQuestOperation, ListQuestsOperation } from './application/quests.js';
import { cashbackPerPoint, ListRedemptionsOperation, RedeemOperation } from './application/redeem.js';
import { RewardsConfig, rewardsConfigSchema } from './config.js';
import { rewardsEvents } from './events.js';
import { rewardsGraphql } from './graphql/rewards.js';
import { rewardsRoutes, rewardsRouteTags } from './http.js';
import { CreateQuest, Enroll, GetProfile, ListEarnings, ListQuests, ListRedemptions, OptOut, Redeem } from './operations.js';
import { RewardsRepository } from './ports.js';

/**
 * Rewards (docs/rewards.md): an opt-in profile per team; card captures
 * and invoice payments earn points through a durable consumer of their
 * events on the kernel's backbone; monthly quests pay bonuses; points are
 * redeemed into cashback from system:rewards-expense through the Ledger.
 * It reads card-issuance's and commerce's events by name and depends on
 * neither: without them, nothing earns.
 */
export const rewardsPlugin = definePlugin<RewardsConfig>({
  name: 'rewards',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Opt-in reward points on card captures and invoice payments, monthly quests, redemption into cashback.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids, EventBackbone],
  config: rewardsConfigSchema,
  register(bind: Bind, ctx: PluginContext<RewardsConfig>) {
    bind(RewardsConfig).toConstantValue(ctx.config);
    bind(EarningConsumer).toSelf().inSingletonScope();
  },
  operations: [
    operation(Enroll, EnrollOperation),
    operation(OptOut, OptOutOperation),
    operation(GetProfile, GetProfileOperation),
    operation(ListEarnings, ListEarningsOperation),
    operation(ListQuests, ListQuestsOperation),
    operation(CreateQuest, CreateQuestOperation),
    operation(Redeem, RedeemOperation),
    operation(ListRedemptions, ListRedemptionsOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(RewardsRepository).to(MemoryRewardsRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(RewardsRepository).to(SqlRewardsRepository),
  },
  migrations: rewardsMigrations,
  routes: rewardsRoutes,
  routeTags: rewardsRouteTags,
  events: rewardsEvents,
  graphql: rewardsGraphql,
  async start(rt) {
    // A misconfigured cashback rate stops the start rather than the first redemption.
    cashbackPerPoint(rt.get(RewardsConfig), rt.get(AssetCatalog));
    rt.get(EventBackbone).register(rt.get(EarningConsumer));
  },
});

export default rewardsPlugin;
