import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  BusinessRuleError,
  Clock,
  Ids,
  Ledger,
  listPage,
  NotFoundError,
  pageRequest,
  parseDecimal,
  UnitOfWork,
  type Operation,
  type Page,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { redeemed, type RedemptionRecord } from '../domain/rewards.js';
import { RewardsConfig } from '../config.js';
import { PointsRedeemed } from '../events.js';
import type { ListInput, RedeemInput, RedemptionView } from '../operations.js';
import { RewardsRepository } from '../ports.js';
import { redemptionView } from './views.js';

/**
 * The bank's cost of cashback: redemptions pay from it, so per team
 * `customers + system = deposits − withdrawals` still holds (the account
 * goes negative by what the bank paid out).
 */
export const REWARDS_EXPENSE_ACCOUNT = 'system:rewards-expense';

/** The configured cashback per point in minor units of the cashback asset; checked when the plugin starts. */
export function cashbackPerPoint(config: RewardsConfig, assets: AssetCatalog): bigint {
  const asset = assets.find(config.cashback_asset);
  if (!asset) throw new Error(`pluginConfig.rewards.cashback_asset: ${config.cashback_asset} is not an asset of the catalogue`);
  const parsed = parseDecimal(config.cashback_per_point, asset.precision);
  if (!parsed.ok || parsed.minor <= 0n) throw new Error(`pluginConfig.rewards.cashback_per_point: ${config.cashback_per_point} is not a positive amount of ${asset.code} at its precision`);
  return parsed.minor;
}

async function payoutAccount(ledger: Ledger, tx: Tx, teamId: string, accountId: string): Promise<void> {
  const pointer = '/account_id';
  const account = await ledger.account(tx, teamId, accountId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError('account', accountId, { pointer }) : error;
  });
  if (account.status !== 'active') throw new BusinessRuleError('account_not_active', `The account is ${account.status}.`, { pointer });
}

/**
 * POST /rewards/redemptions, redeemRewardPoints: turns points into
 * cashback (`points × cashback_per_point` of `cashback_asset`) paid from
 * system:rewards-expense to one of the team's active accounts, under the
 * profile's lock. 422 insufficient_points or below_minimum_redemption
 * (pointer /points); 404 for another team's account.
 */
@injectable()
export class RedeemOperation implements Operation<RedeemInput, RedemptionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(RewardsConfig) private readonly config: RewardsConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: RedeemInput, ctx: RequestContext): Promise<RedemptionView> {
    return this.uow.run(async (tx) => {
      const teamId = ctx.actor.teamId;
      const profile = await this.repo.lockProfile(tx, teamId);
      if (!profile) throw new NotFoundError('reward profile', teamId);
      const now = this.clock.now();
      const points = BigInt(input.points);
      // Another team's account is a 404 whatever the points: nothing about it depends on this team's balance.
      await payoutAccount(this.ledger, tx, teamId, input.account_id);
      const next = redeemed(profile, points, BigInt(this.config.min_redemption_points), now);
      const id = this.ids.uuid();
      const assetCode = this.config.cashback_asset;
      const amount = points * cashbackPerPoint(this.config, this.assets);
      const movement = await this.ledger.post(tx, teamId, {
        kind: 'rewards.redemption',
        reference: `reward_redemption:${id}`,
        legs: [
          { accountId: REWARDS_EXPENSE_ACCOUNT, assetCode, amount: -amount },
          { accountId: input.account_id, assetCode, amount },
        ],
      });
      const redemption: RedemptionRecord = { id, teamId, points, accountId: input.account_id, assetCode, amount, movementId: movement.movementId, createdAt: now };
      await this.repo.saveProfile(tx, next);
      await this.repo.insertRedemption(tx, redemption);
      const view = redemptionView(redemption, this.assets);
      await tx.append([{ type: PointsRedeemed.name, teamId, aggregateType: 'reward_redemption', aggregateId: id, payload: view }]);
      return view;
    });
  }
}

/** GET /rewards/redemptions, rewardRedemptions: newest first. */
@injectable()
export class ListRedemptionsOperation implements Operation<ListInput, Page<RedemptionView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<RedemptionView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (one: RedemptionRecord) => redemptionView(one, this.assets), (tx, page) => this.repo.listRedemptions(tx, ctx.actor.teamId, page));
  }
}
