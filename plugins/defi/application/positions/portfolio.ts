import { inject, injectable } from 'inversify';
import { chooseAccount, Clock, formatMinor, Ledger, UnitOfWork, type DefiPosition, type DefiPositions, type Operation, type RequestContext, type Tx } from '../../../../kernel/public.js';
import type { PortfolioPositionView, PortfolioQuery, PortfolioView } from '../../operations.js';
import { LendingRepository, LiquidityRepository, YieldRepository } from '../../ports.js';
import { LiquidityBook } from '../liquidity.js';
import { LendingViews } from './lending-views.js';
import { YieldViews } from './yield-operations.js';

/** Cents of a "123.45" USD string. */
const cents = (usd: string): bigint => BigInt(usd.replace('.', ''));

/**
 * Every open position of a team (or of one account) — lending, staking and
 * farming, liquidity — valued from stored state and the price feed now: the
 * rows of GET /defi/portfolio, and of the DefiPositions port other modules
 * read (the cross-chain portfolio).
 */
@injectable()
export class DefiPortfolio implements DefiPositions {
  constructor(
    @inject(LendingRepository) private readonly lending: LendingRepository,
    @inject(YieldRepository) private readonly yields: YieldRepository,
    @inject(LiquidityRepository) private readonly liquidity: LiquidityRepository,
    @inject(LendingViews) private readonly lendingViews: LendingViews,
    @inject(YieldViews) private readonly yieldViews: YieldViews,
    @inject(LiquidityBook) private readonly liquidityBook: LiquidityBook,
  ) {}

  async rows(tx: Tx, teamId: string, accountId: string | null): Promise<PortfolioPositionView[]> {
    const mine = <P extends { accountId: string; status: string }>(all: P[]) => all.filter((one) => one.status === 'open' && (accountId === null || one.accountId === accountId));
    const rows: PortfolioPositionView[] = [];
    for (const position of mine(await this.lending.list(tx, teamId))) {
      const view = await this.lendingViews.render(tx, position);
      rows.push({ position_id: view.position_id, type: view.type, account_id: view.account_id, chain: view.chain, protocol: 'lending_market', value_usd: view.value_usd, apy_percent: view.apy_percent, accrued_rewards: [{ token: view.token, amount: view.accrued_interest }], health_factor: view.health_factor, opened_at: view.opened_at });
    }
    for (const position of mine(await this.yields.list(tx, teamId))) {
      const view = await this.yieldViews.render(position);
      rows.push({ position_id: view.position_id, type: view.type, account_id: view.account_id, chain: view.chain, protocol: view.program, value_usd: view.value_usd, apy_percent: view.apy_percent, accrued_rewards: [{ token: view.reward_token, amount: view.accrued_rewards }], health_factor: null, opened_at: view.opened_at });
    }
    for (const position of mine(await this.liquidity.list(tx, teamId))) {
      const view = await this.liquidityBook.render(tx, position);
      rows.push({ position_id: view.position_id, type: 'liquidity_pool', account_id: view.account_id, chain: view.chain, protocol: view.pool_id, value_usd: view.value_usd, apy_percent: null, accrued_rewards: view.fees_earned, health_factor: null, opened_at: view.opened_at });
    }
    return rows;
  }

  async open(tx: Tx, teamId: string, accountId: string | null): Promise<DefiPosition[]> {
    return (await this.rows(tx, teamId, accountId)).map((row) => ({
      positionId: row.position_id,
      type: row.type,
      accountId: row.account_id,
      chain: row.chain,
      protocol: row.protocol,
      valueUsdCents: cents(row.value_usd),
      debt: row.type === 'lending_borrow',
    }));
  }
}

/** GET /defi/portfolio: the positions with totals. Reading changes nothing. */
@injectable()
export class GetPortfolioOperation implements Operation<PortfolioQuery, PortfolioView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(Clock) private readonly clock: Clock,
    @inject(DefiPortfolio) private readonly portfolio: DefiPortfolio,
  ) {}

  execute(input: PortfolioQuery, ctx: RequestContext): Promise<PortfolioView> {
    const teamId = ctx.actor.teamId;
    return this.uow.readOnly(async (tx) => {
      const accountId = input.account_id === undefined ? null : await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      const rows = await this.portfolio.rows(tx, teamId, accountId);
      const debt = rows.filter((row) => row.type === 'lending_borrow').reduce((sum, row) => sum + cents(row.value_usd), 0n);
      const assets = rows.filter((row) => row.type !== 'lending_borrow').reduce((sum, row) => sum + cents(row.value_usd), 0n);
      return { account_id: accountId, positions: rows, assets_usd: formatMinor(assets, 2), debt_usd: formatMinor(debt, 2), net_usd: formatMinor(assets - debt, 2), valued_at: this.clock.now().toISOString() };
    });
  }
}
