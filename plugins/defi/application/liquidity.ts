import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  ChainCatalog,
  chooseAccount,
  Clock,
  ConflictError,
  formatMinor,
  Ids,
  Ledger,
  mulDivHalfUp,
  NotFoundError,
  OnChainHoldings,
  parseAmountField,
  UnitOfWork,
  ValidationError,
  WORLD_ACCOUNT,
  type LedgerLeg,
  type NewEvent,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { depositFor, feeIncome, outstandingShares, poolInvariant, SCALE, withdrawalFor } from '../domain/liquidity.js';
import type { LiquidityPosition } from '../domain/liquidity-position.js';
import type { PoolSpec } from '../domain/pool-catalog.js';
import type { TokenPrice } from '../domain/pool-state.js';
import type { PoolView } from '../domain/route-search.js';
import type { AddLiquidityBody, LiquidityList, LiquidityPositionView, PositionParams } from '../operations.js';
import { LiquidityRepository, PoolRepository } from '../ports.js';
import { PoolMarket } from './pool-market.js';
import { PoolTrading } from './pool-trading.js';

/**
 * Liquidity positions in the simulated pools (docs/defi.md, Liquidity):
 * adding pays every token of the pool in its proportions into the pool's
 * contract and mints shares; removing burns them all and pays out their
 * share of every reserve. Both lock the pool like a swap, and the Ledger
 * moves the holdings with the pool as counterparty, so the tokens move on
 * chain in the same transaction. Swaps leave their fees in the reserves:
 * that is the positions' fee income.
 */
@injectable()
export class LiquidityBook {
  constructor(
    @inject(PoolMarket) private readonly market: PoolMarket,
    @inject(PoolTrading) private readonly trading: PoolTrading,
    @inject(PoolRepository) private readonly pools: PoolRepository,
    @inject(LiquidityRepository) private readonly positions: LiquidityRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  /** The pool named by client input, or a 422 at /pool_id. */
  spec(poolId: string): PoolSpec {
    const chain = this.catalog.find(poolId.split(':')[0] ?? '');
    const spec = chain && this.market.specs(chain.name).find((one) => one.id === poolId);
    if (!spec) throw ValidationError.field('/pool_id', 'Unknown pool: use a pool id as quotes name them, e.g. base:uniswap_v3:USDC-WETH:500.', 'unknown_pool');
    return spec;
  }

  async add(tx: Tx, teamId: string, accountId: string, spec: PoolSpec, token: string, amount: bigint): Promise<LiquidityPosition> {
    const view = await this.#open(tx, spec);
    const total = outstandingShares(spec, view.reserves, view.decimals, view.totalShares ?? 0n);
    const deposit = depositFor(view.reserves, total, spec.tokens.indexOf(token), amount);
    if (deposit.shares === 0n) throw ValidationError.field('/amount', 'Too small to mint a share of this pool.', 'amount_too_small');
    await this.#move(tx, teamId, accountId, spec, deposit.amounts, -1n);
    const after: PoolView = { ...view, reserves: view.reserves.map((reserve, k) => reserve + deposit.amounts[k]!), totalShares: total + deposit.shares };
    await this.trading.settle(tx, spec.chain, new Map([[spec.id, after]]), []);
    const position: LiquidityPosition = {
      id: this.ids.uuid(),
      teamId,
      accountId,
      chain: spec.chain,
      poolId: spec.id,
      shares: deposit.shares,
      deposited: deposit.amounts,
      invariantPerShare: (poolInvariant(spec, after.reserves, after.decimals) * SCALE) / after.totalShares!,
      status: 'open',
      withdrawn: null,
      openedAt: this.clock.now(),
      closedAt: null,
    };
    await this.positions.insert(tx, position);
    await tx.append([this.#event('position.opened', spec, position, deposit.amounts, view.decimals)]);
    return position;
  }

  async remove(tx: Tx, teamId: string, id: string): Promise<LiquidityPosition> {
    const position = await this.positions.find(tx, teamId, id);
    if (!position) throw new NotFoundError('Position', id);
    const spec = this.spec(position.poolId);
    const view = await this.#open(tx, spec);
    const total = outstandingShares(spec, view.reserves, view.decimals, view.totalShares ?? 0n);
    const out = withdrawalFor(view.reserves, total, position.shares);
    const at = this.clock.now();
    if (!(await this.positions.close(tx, teamId, id, out, at))) throw new ConflictError(`Position ${id} is closed already.`, 'position_closed');
    await this.#move(tx, teamId, position.accountId, spec, out, 1n);
    const after: PoolView = { ...view, reserves: view.reserves.map((reserve, k) => reserve - out[k]!), totalShares: total - position.shares };
    await this.trading.settle(tx, spec.chain, new Map([[spec.id, after]]), []);
    const closed: LiquidityPosition = { ...position, status: 'closed', withdrawn: out, closedAt: at };
    await tx.append([this.#event('position.closed', spec, closed, out, view.decimals)]);
    return closed;
  }

  /** position.opened (paid in) or position.closed (paid out) of a liquidity position. */
  #event(type: 'position.opened' | 'position.closed', spec: PoolSpec, position: LiquidityPosition, amounts: readonly bigint[], decimals: readonly number[]): NewEvent {
    return {
      type,
      teamId: position.teamId,
      aggregateType: 'defi_position',
      aggregateId: position.id,
      payload: {
        position_id: position.id,
        type: 'liquidity_pool',
        account_id: position.accountId,
        chain: position.chain,
        token: spec.tokens.join('-'),
        amount: String(position.shares),
        settled_amount: null,
        interest: null,
        pool_id: spec.id,
        amounts: amounts.map((amount, k) => ({ token: spec.tokens[k]!, amount: formatMinor(amount, decimals[k]!) })),
        opened_at: position.openedAt.toISOString(),
        closed_at: position.closedAt?.toISOString() ?? null,
      },
    };
  }

  /** A position as the API shows it, valued at the pool's state now. */
  async render(tx: Tx, position: LiquidityPosition): Promise<LiquidityPositionView> {
    const spec = this.spec(position.poolId);
    const prices = await this.market.prices(spec.chain);
    const [stored] = (await this.pools.onChain(tx, spec.chain)).filter((pool) => pool.id === spec.id);
    const view = this.market.viewOf(spec, stored!, prices);
    const total = outstandingShares(spec, view.reserves, view.decimals, view.totalShares ?? 0n);
    const open = position.status === 'open';
    const current = open ? withdrawalFor(view.reserves, total, position.shares) : position.withdrawn!;
    const fees = open ? feeIncome(position.shares, position.invariantPerShare, poolInvariant(spec, view.reserves, view.decimals), total, view.reserves) : [];
    const amounts = (values: readonly bigint[]) => values.map((amount, k) => ({ token: spec.tokens[k]!, amount: formatMinor(amount, view.decimals[k]!) }));
    return {
      position_id: position.id,
      type: 'liquidity_pool',
      status: position.status,
      account_id: position.accountId,
      chain: position.chain,
      pool_id: position.poolId,
      dex: spec.dex,
      shares: String(position.shares),
      share_of_pool_percent: formatMinor(open ? (position.shares * 1_000_000n) / total : 0n, 4),
      deposited: amounts(position.deposited),
      current_value: amounts(current),
      fees_earned: amounts(fees),
      value_usd: formatMinor(usdCents(current, spec, prices), 2),
      opened_at: position.openedAt.toISOString(),
      closed_at: position.closedAt?.toISOString() ?? null,
    };
  }

  /** The pool locked and as it trades now. */
  async #open(tx: Tx, spec: PoolSpec): Promise<PoolView> {
    const views = await this.trading.open(tx, spec.chain, [spec.id], await this.market.prices(spec.chain));
    const view = views.get(spec.id);
    if (!view) throw ValidationError.field('/pool_id', 'That pool is not seeded on this service.', 'unknown_pool');
    return view;
  }

  /** The account pays `amounts` into the pool (sign −1) or receives them from it (+1), every token with the pool as counterparty. */
  async #move(tx: Tx, teamId: string, accountId: string, spec: PoolSpec, amounts: readonly bigint[], sign: bigint): Promise<void> {
    const legs: LedgerLeg[] = [];
    const counterparties: Record<string, string> = {};
    for (const [k, token] of spec.tokens.entries()) {
      if (amounts[k] === 0n) continue;
      const code = this.holdings.resolve(this.assets.require(token, '/token'), spec.chain, '/pool_id').code;
      legs.push({ accountId, assetCode: code, amount: sign * amounts[k]! }, { accountId: WORLD_ACCOUNT, assetCode: code, amount: -sign * amounts[k]! });
      counterparties[code] = this.trading.address(spec.chain, spec.id);
    }
    if (legs.length > 0) await this.ledger.post(tx, teamId, { kind: sign < 0n ? 'defi.liquidity_add' : 'defi.liquidity_remove', legs, counterparties });
  }
}

/** USD value of per-token amounts at the feed's prices, rounded half up to cents. */
function usdCents(amounts: readonly bigint[], spec: PoolSpec, prices: ReadonlyMap<string, TokenPrice>): bigint {
  let cents = 0n;
  for (const [k, token] of spec.tokens.entries()) {
    const { decimals, usd } = prices.get(token)!;
    cents += mulDivHalfUp(amounts[k]! * usd.numerator, 100n, 10n ** BigInt(decimals + usd.scale));
  }
  return cents;
}

/** POST /defi/liquidity: add liquidity to a pool for account_id (default: the team's oldest active account). */
@injectable()
export class AddLiquidityOperation implements Operation<AddLiquidityBody, LiquidityPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LiquidityBook) private readonly book: LiquidityBook,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: AddLiquidityBody, ctx: RequestContext): Promise<LiquidityPositionView> {
    const spec = this.book.spec(input.pool_id);
    if (!spec.tokens.includes(input.token)) throw ValidationError.field('/token', `The pool holds ${spec.tokens.join(', ')}.`, 'token_not_in_pool');
    const amount = parseAmountField(input.amount, this.assets.require(input.token, '/token'), '/amount');
    return this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, ctx.actor.teamId, input.account_id, '/account_id');
      return this.book.render(tx, await this.book.add(tx, ctx.actor.teamId, accountId, spec, input.token, amount));
    });
  }
}

/** POST /defi/liquidity/{id}/remove: removes the whole position. */
@injectable()
export class RemoveLiquidityOperation implements Operation<PositionParams, LiquidityPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LiquidityBook) private readonly book: LiquidityBook,
  ) {}

  execute(input: PositionParams, ctx: RequestContext): Promise<LiquidityPositionView> {
    return this.uow.run(async (tx) => this.book.render(tx, await this.book.remove(tx, ctx.actor.teamId, input.id)));
  }
}

/** GET /defi/liquidity/{id}. */
@injectable()
export class ReadLiquidityOperation implements Operation<PositionParams, LiquidityPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LiquidityBook) private readonly book: LiquidityBook,
    @inject(LiquidityRepository) private readonly positions: LiquidityRepository,
  ) {}

  execute(input: PositionParams, ctx: RequestContext): Promise<LiquidityPositionView> {
    return this.uow.run(async (tx) => {
      const position = await this.positions.find(tx, ctx.actor.teamId, input.id);
      if (!position) throw new NotFoundError('Position', input.id);
      return this.book.render(tx, position);
    });
  }
}

/** GET /defi/liquidity: the team's positions, open first. */
@injectable()
export class ListLiquidityOperation implements Operation<Record<string, never>, LiquidityList> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LiquidityBook) private readonly book: LiquidityBook,
    @inject(LiquidityRepository) private readonly positions: LiquidityRepository,
  ) {}

  execute(_input: Record<string, never>, ctx: RequestContext): Promise<LiquidityList> {
    return this.uow.run(async (tx) => Promise.all((await this.positions.list(tx, ctx.actor.teamId)).map((position) => this.book.render(tx, position))));
  }
}
