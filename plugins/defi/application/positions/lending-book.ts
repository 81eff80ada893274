import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  BusinessRuleError,
  Chain,
  ChainCatalog,
  Clock,
  ConflictError,
  formatMinor,
  Ids,
  Ledger,
  NotFoundError,
  OnChainHoldings,
  PriceFeed,
  ValidationError,
  WORLD_ACCOUNT,
  type ChainInfo,
  type NewEvent,
  type Tx,
} from '../../../../kernel/public.js';
import { HEALTH_SCALE, healthFactor, withinBorrowLimit, type ValuedPosition } from '../../domain/positions/health.js';
import { simpleInterest } from '../../domain/positions/interest.js';
import { lendingMarketAddress, lendingToken, type LendingMarketToken } from '../../domain/positions/lending-market.js';
import type { LendingPosition } from '../../domain/positions/lending-position.js';
import { LendingRepository } from '../../ports.js';

/** A lending call's validated target: the chain, the listed token on it and its ledger holding code. */
export interface LendingTarget {
  readonly chain: ChainInfo;
  readonly token: string;
  readonly decimals: number;
  readonly code: string;
  readonly market: LendingMarketToken;
}

/**
 * The simulated lending market (docs/defi.md, Lending), an outside contract
 * per chain: supplying pays the account's holding into the market's
 * address, borrowing and withdrawing pay out of it (the Ledger moves the
 * holding with the market as counterparty, so the tokens move on chain in
 * the same transaction). Positions record the claims; interest accrues by
 * the clock (interest.ts) and is settled when a position closes.
 */
@injectable()
export class LendingBook {
  constructor(
    @inject(LendingRepository) private readonly positions: LendingRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(Chain) private readonly chain: Chain,
    @inject(PriceFeed) private readonly feed: PriceFeed,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  /** The chain and listed token named by client input, or a 422 at the field. */
  target(chainRef: unknown, token: string): LendingTarget {
    const chain = this.catalog.require(chainRef ?? 'ethereum', '/chain');
    const market = lendingToken(token);
    if (!market) throw ValidationError.field('/token', `The lending market lists ${['WETH', 'WBTC', 'USDC', 'USDT', 'DAI'].join(', ')}.`, 'token_not_listed');
    const onChain = this.catalog.requireToken(chain.name, token, '/token');
    const code = this.holdings.resolve(this.assets.require(token, '/token'), chain.name, '/chain').code;
    return { chain, token, decimals: onChain.decimals, code, market };
  }

  async supply(tx: Tx, teamId: string, accountId: string, target: LendingTarget, amount: bigint): Promise<LendingPosition> {
    await this.positions.openOf(tx, teamId, accountId, target.chain.name);
    await this.#move(tx, teamId, accountId, target, -amount, 'defi.lending_supply');
    return this.#open(tx, teamId, accountId, target, 'supply', amount);
  }

  /** Borrows `amount` against the account's supplies on the chain: 422 borrow_limit_exceeded past their loan-to-value. */
  async borrow(tx: Tx, teamId: string, accountId: string, target: LendingTarget, amount: bigint): Promise<LendingPosition> {
    const open = await this.positions.openOf(tx, teamId, accountId, target.chain.name);
    const valued = await this.value(open);
    valued.push({ side: 'borrow', valueUsd18: await this.#usd18(target.token, target.decimals, amount), ltvBps: 0n, liquidationThresholdBps: 0n });
    if (!withinBorrowLimit(valued)) {
      throw new BusinessRuleError('borrow_limit_exceeded', 'The account\'s supplies on this chain, at their loan-to-value, do not cover this borrow with its open debt.', { pointer: '/amount' });
    }
    await this.#requireLiquidity(tx, target, amount);
    await this.#move(tx, teamId, accountId, target, amount, 'defi.lending_borrow');
    return this.#open(tx, teamId, accountId, target, 'borrow', amount);
  }

  /** Closes a position whole: a supply is withdrawn with its interest (while the remaining supplies still cover the debt), a borrow repaid with its interest. */
  async close(tx: Tx, teamId: string, id: string): Promise<LendingPosition> {
    const found = await this.positions.find(tx, teamId, id);
    if (!found) throw new NotFoundError('Position', id);
    const open = await this.positions.openOf(tx, teamId, found.accountId, found.chain);
    const position = open.find((one) => one.id === id);
    if (!position) throw new ConflictError(`Position ${id} is closed already.`, 'position_closed');
    const target = this.target(position.chain, position.token);
    const settled = this.currentAmount(position);
    if (position.side === 'supply') {
      const rest = await this.value(open.filter((one) => one.id !== id));
      if (!withinBorrowLimit(rest)) throw new BusinessRuleError('borrow_limit_exceeded', 'Withdrawing this supply would leave the open debt on this chain above the borrowing limit: repay first.');
      await this.#requireLiquidity(tx, target, settled);
    }
    const at = this.clock.now();
    if (!(await this.positions.close(tx, teamId, id, settled, at))) throw new ConflictError(`Position ${id} is closed already.`, 'position_closed');
    await this.#move(tx, teamId, position.accountId, target, position.side === 'supply' ? settled : -settled, position.side === 'supply' ? 'defi.lending_withdraw' : 'defi.lending_repay');
    const closed: LendingPosition = { ...position, status: 'closed', settled, closedAt: at };
    await tx.append([this.event('position.closed', closed)]);
    return closed;
  }

  /** Principal plus interest accrued by the clock now (or what it settled at, once closed). */
  currentAmount(position: LendingPosition): bigint {
    if (position.settled !== null) return position.settled;
    const market = lendingToken(position.token)!;
    const elapsed = BigInt(this.clock.now().getTime() - position.openedAt.getTime());
    const borrowing = position.side === 'borrow';
    return position.principal + simpleInterest(position.principal, borrowing ? market.borrowAprBps : market.supplyAprBps, elapsed, borrowing);
  }

  /** Open positions valued at the feed's prices now. */
  async value(positions: readonly LendingPosition[]): Promise<ValuedPosition[]> {
    const valued: ValuedPosition[] = [];
    for (const position of positions) {
      const market = lendingToken(position.token)!;
      const decimals = this.catalog.requireToken(position.chain, position.token, '/token').decimals;
      valued.push({ side: position.side, valueUsd18: await this.#usd18(position.token, decimals, this.currentAmount(position)), ltvBps: market.ltvBps, liquidationThresholdBps: market.liquidationThresholdBps });
    }
    return valued;
  }

  /** The health factor of an account's open positions on one chain now; undefined without debt. */
  async health(positions: readonly LendingPosition[]): Promise<bigint | undefined> {
    return healthFactor(await this.value(positions.filter((one) => one.status === 'open')));
  }

  /** position.opened or position.closed for a position. */
  event(type: 'position.opened' | 'position.closed', position: LendingPosition): NewEvent {
    const decimals = this.catalog.requireToken(position.chain, position.token, '/token').decimals;
    return {
      type,
      teamId: position.teamId,
      aggregateType: 'defi_position',
      aggregateId: position.id,
      payload: {
        position_id: position.id,
        type: position.side === 'supply' ? 'lending_supply' : 'lending_borrow',
        account_id: position.accountId,
        chain: position.chain,
        token: position.token,
        amount: formatMinor(position.principal, decimals),
        settled_amount: position.settled === null ? null : formatMinor(position.settled, decimals),
        interest: position.settled === null ? null : formatMinor(position.settled - position.principal, decimals),
        opened_at: position.openedAt.toISOString(),
        closed_at: position.closedAt?.toISOString() ?? null,
      },
    };
  }

  async #open(tx: Tx, teamId: string, accountId: string, target: LendingTarget, side: 'supply' | 'borrow', amount: bigint): Promise<LendingPosition> {
    const position: LendingPosition = {
      id: this.ids.uuid(),
      teamId,
      accountId,
      chain: target.chain.name,
      side,
      token: target.token,
      principal: amount,
      status: 'open',
      settled: null,
      warned: false,
      openedAt: this.clock.now(),
      closedAt: null,
    };
    await this.positions.insert(tx, position);
    await tx.append([this.event('position.opened', position)]);
    return position;
  }

  /** The account receives `amount` from the market (positive) or pays it in (negative); the market is system:world's counterparty. */
  async #move(tx: Tx, teamId: string, accountId: string, target: LendingTarget, amount: bigint, kind: string): Promise<void> {
    await this.ledger.post(tx, teamId, {
      kind,
      legs: [
        { accountId, assetCode: target.code, amount },
        { accountId: WORLD_ACCOUNT, assetCode: target.code, amount: -amount },
      ],
      counterparties: { [target.code]: lendingMarketAddress(target.chain.chainId) },
    });
  }

  /** 422 when the market's address does not hold `amount` on chain (everything is lent out). */
  async #requireLiquidity(tx: Tx, target: LendingTarget, amount: bigint): Promise<void> {
    const available = await this.chain.balanceOf(tx, target.chain.name, lendingMarketAddress(target.chain.chainId), target.token);
    if (available < amount) throw new BusinessRuleError('insufficient_market_liquidity', `The lending market holds ${formatMinor(available, target.decimals)} ${target.token} on ${target.chain.name}.`, { pointer: '/amount' });
  }

  /** USD value with 18 decimals, rounded down. */
  async #usd18(token: string, decimals: number, amount: bigint): Promise<bigint> {
    const { usd } = await this.feed.usdPrice(token);
    return (amount * usd.numerator * 10n ** 18n) / 10n ** BigInt(decimals + usd.scale);
  }
}

/** A health factor (6 decimals) as the API writes it, e.g. "1.534211". */
export const formatHealth = (value: bigint | undefined): string | null => (value === undefined ? null : formatMinor(value, 6));
export { HEALTH_SCALE };
