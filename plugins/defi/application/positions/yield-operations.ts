import { inject, injectable } from 'inversify';
import { AssetCatalog, chooseAccount, ChainCatalog, formatMinor, Ledger, mulDivHalfUp, NotFoundError, parseAmountField, PriceFeed, UnitOfWork, type Operation, type RequestContext, type Tx } from '../../../../kernel/public.js';
import { yieldProgram } from '../../domain/positions/yield-programs.js';
import type { YieldPosition } from '../../domain/positions/yield-position.js';
import type { PositionParams, StakeBody, YieldList, YieldPositionView } from '../../operations.js';
import { YieldRepository } from '../../ports.js';
import { YieldBook } from './yield-book.js';

/** Staking and farming positions as the API shows them, valued now from stored state and the price feed. */
@injectable()
export class YieldViews {
  constructor(
    @inject(YieldBook) private readonly book: YieldBook,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(PriceFeed) private readonly feed: PriceFeed,
  ) {}

  async render(position: YieldPosition): Promise<YieldPositionView> {
    const program = yieldProgram(position.programId)!;
    const decimals = this.catalog.requireToken(position.chain, program.token, '/token').decimals;
    const rewardDecimals = this.catalog.requireToken(position.chain, program.rewardToken, '/token').decimals;
    const price = (await this.feed.usdPrice(program.token)).usd;
    const rewardPrice = (await this.feed.usdPrice(program.rewardToken)).usd;
    // USD with 18 decimals, exact up to the final rounding.
    const usd18 = (amount: bigint, places: number, rate: typeof price) => (amount * rate.numerator * 10n ** 18n) / 10n ** BigInt(places + rate.scale);
    const stakeUsd = usd18(position.amount, decimals, price);
    const yearlyRewardUsd = usd18((position.amount * program.rewardPerYear) / program.per, rewardDecimals, rewardPrice);
    const accrued = this.book.pending(position);
    const open = position.status === 'open';
    return {
      position_id: position.id,
      type: program.kind,
      status: position.status,
      account_id: position.accountId,
      chain: position.chain,
      program: program.id,
      token: program.token,
      amount: formatMinor(position.amount, decimals),
      reward_token: program.rewardToken,
      accrued_rewards: formatMinor(accrued, rewardDecimals),
      harvested_rewards: formatMinor(position.harvested, rewardDecimals),
      apy_percent: formatMinor(stakeUsd === 0n ? 0n : mulDivHalfUp(yearlyRewardUsd, 1_000_000n, stakeUsd), 4),
      value_usd: formatMinor(open ? mulDivHalfUp(stakeUsd + usd18(accrued, rewardDecimals, rewardPrice), 1n, 10n ** 16n) : 0n, 2),
      opened_at: position.openedAt.toISOString(),
      closed_at: position.closedAt?.toISOString() ?? null,
    };
  }
}

/** POST /defi/staking: stake in a program for account_id (default: the team's oldest active account). */
@injectable()
export class StakeOperation implements Operation<StakeBody, YieldPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(YieldBook) private readonly book: YieldBook,
    @inject(YieldViews) private readonly views: YieldViews,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: StakeBody, ctx: RequestContext): Promise<YieldPositionView> {
    const { program, chain } = this.book.target(input.program, input.chain);
    const amount = parseAmountField(input.amount, this.assets.require(program.token, '/program'), '/amount');
    return this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, ctx.actor.teamId, input.account_id, '/account_id');
      return this.views.render(await this.book.stake(tx, ctx.actor.teamId, accountId, program, chain, amount));
    });
  }
}

/** POST /defi/staking/positions/{id}/harvest (close: false) and /unstake (close: true). */
abstract class HarvestBase implements Operation<PositionParams, YieldPositionView> {
  protected abstract readonly close: boolean;
  constructor(
    private readonly uow: UnitOfWork,
    private readonly book: YieldBook,
    private readonly views: YieldViews,
  ) {}

  execute(input: PositionParams, ctx: RequestContext): Promise<YieldPositionView> {
    return this.uow.run(async (tx: Tx) => this.views.render(await this.book.harvest(tx, ctx.actor.teamId, input.id, this.close)));
  }
}

@injectable()
export class HarvestOperation extends HarvestBase {
  protected readonly close = false;
  constructor(@inject(UnitOfWork) uow: UnitOfWork, @inject(YieldBook) book: YieldBook, @inject(YieldViews) views: YieldViews) {
    super(uow, book, views);
  }
}

@injectable()
export class UnstakeOperation extends HarvestBase {
  protected readonly close = true;
  constructor(@inject(UnitOfWork) uow: UnitOfWork, @inject(YieldBook) book: YieldBook, @inject(YieldViews) views: YieldViews) {
    super(uow, book, views);
  }
}

/** GET /defi/staking/positions/{id}. */
@injectable()
export class ReadYieldPositionOperation implements Operation<PositionParams, YieldPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(YieldRepository) private readonly positions: YieldRepository,
    @inject(YieldViews) private readonly views: YieldViews,
  ) {}

  execute(input: PositionParams, ctx: RequestContext): Promise<YieldPositionView> {
    return this.uow.readOnly(async (tx) => {
      const position = await this.positions.find(tx, ctx.actor.teamId, input.id);
      if (!position) throw new NotFoundError('Position', input.id);
      return this.views.render(position);
    });
  }
}

/** GET /defi/staking/positions: the team's, open first, newest first. */
@injectable()
export class ListYieldPositionsOperation implements Operation<Record<string, never>, YieldList> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(YieldRepository) private readonly positions: YieldRepository,
    @inject(YieldViews) private readonly views: YieldViews,
  ) {}

  execute(_input: Record<string, never>, ctx: RequestContext): Promise<YieldList> {
    return this.uow.readOnly(async (tx) => Promise.all((await this.positions.list(tx, ctx.actor.teamId)).map((position) => this.views.render(position))));
  }
}
