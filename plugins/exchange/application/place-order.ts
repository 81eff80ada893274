import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  BusinessRuleError,
  Clock,
  Ids,
  Ledger,
  UnitOfWork,
  unwrap,
  type NewEvent,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { worthAMinorUnit, type MatchResult } from '../domain/matching.js';
import { opposite, type OrderRecord } from '../domain/order.js';
import { settle, takerReservation, type Settlement } from '../domain/settlement.js';
import type { OrderView, PlaceOrderInput } from '../operations.js';
import { ExchangeRepository } from '../ports.js';
import { walkBook } from './book-walk.js';
import { orderTooSmall, validOrder, type ValidOrder } from './inputs.js';
import { bookEvent, orderEvent, orderView, tradeEvent } from './views.js';

/**
 * placeOrder, in one unit of work: lock the team's book of the pair, match
 * against the crossing side of it (price-time priority), then settle —
 * lock every trading account involved in one sorted pass, reserve exactly
 * what the order needs with one ledger hold, settle every fill with one
 * captureMany, release what closed makers still reserve — rest what is left
 * of a LIMIT order, and append the events.
 *
 * Lock order, the same for every placement: book row → exchange account
 * rows (sorted) → the ledger's rows of those accounts. Another placement
 * that shares an account waits at the account rows before it touches the
 * ledger, so placements on different books cannot deadlock.
 *
 * A MARKET order reserves exactly what its fills cost (they are known before
 * reserving, the book being locked) and never rests: what the book cannot
 * fill is cancelled; with nothing to fill it is refused (no_liquidity).
 */
@injectable()
export class PlaceOrderOperation implements Operation<PlaceOrderInput, OrderView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ExchangeRepository) private readonly repo: ExchangeRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: PlaceOrderInput, ctx: RequestContext): Promise<OrderView> {
    const order = validOrder(this.assets, input);
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const account = await this.ledger.account(tx, teamId, order.accountId);
      if (account.status !== 'active') throw new BusinessRuleError('account_not_active', `Account ${order.accountId} is ${account.status}.`, { pointer: '/account_id' });
      const seq = await this.repo.lockBook(tx, teamId, order.pair);
      const matched = await walkBook(this.repo, this.ledger, tx, teamId, order);
      if (order.type === 'MARKET') this.requireMarketFills(order, matched);
      const now = this.clock.now();
      const id = this.ids.uuid();
      const placed: Omit<OrderRecord, 'holdId' | 'reserved'> = {
        id, teamId, accountId: order.accountId, pair: order.pair, side: order.side, type: order.type, price: order.price,
        amount: order.amount, filled: 0n, status: 'open', seq, createdAt: now, updatedAt: now,
      };
      const reservation = takerReservation(placed, matched.fills, order.base.precision);
      await this.repo.lockAccounts(tx, teamId, [order.accountId, ...matched.fills.map((fill) => fill.maker.accountId)]);
      const holdId = await this.ledger.hold(tx, teamId, {
        accountId: order.accountId,
        assetCode: order.side === 'BUY' ? order.quote.code : order.base.code,
        amount: reservation,
        reference: `exchange:order:${id}`,
      });
      const taker: OrderRecord = { ...placed, holdId, reserved: reservation };
      const settlement = settle(taker, matched.fills, order.base.precision, () => this.ids.uuid(), now);
      await this.pay(tx, teamId, order, settlement);
      const closed = await this.release(tx, settlement.closing);
      await this.repo.insertOrder(tx, settlement.taker);
      const closedIds = new Set(closed.map((maker) => maker.id));
      await this.repo.updateOrders(tx, [...settlement.makersAfterFill.filter((maker) => !closedIds.has(maker.id)), ...closed]);
      await this.repo.insertTrades(tx, settlement.trades);
      await tx.append(this.events(taker, settlement, closed, await bookEvent(this.repo, this.assets, tx, teamId, order.pair, now)));
      return orderView(this.assets, settlement.taker);
    });
  }

  /** A MARKET order needs something to take, worth at least the minimum order value at the best price it gets. */
  private requireMarketFills(order: ValidOrder, matched: MatchResult): void {
    const first = matched.fills[0];
    if (!first && !matched.stoppedOnDust) {
      throw new BusinessRuleError('no_liquidity', `The ${order.pair} book has no ${opposite(order.side)} orders this MARKET order can take.`);
    }
    if (!first || !worthAMinorUnit(order.amount, first.price, order.base.precision)) {
      throw orderTooSmall(order.quote, 'at the best price of the book');
    }
  }

  /** Every fill's two payments in one captureMany: one sorted pass over the rows, applied in fill order. */
  private async pay(tx: Tx, teamId: string, order: ValidOrder, settlement: Settlement): Promise<void> {
    if (settlement.payments.length === 0) return;
    const outcomes = await this.ledger.captureMany(
      tx,
      settlement.payments.map((payment) => {
        const assetCode = payment.asset === 'base' ? order.base.code : order.quote.code;
        return { teamId, holdId: payment.holdId, amount: payment.amount, credits: [{ accountId: payment.toAccountId, assetCode, amount: payment.amount }], kind: 'exchange.trade' };
      }),
    );
    for (const outcome of outcomes) unwrap(outcome);
  }

  /** Makers leaving the book give back what their reservation has left (a BUY that bought under its limit, a dust remainder). */
  private async release(tx: Tx, closing: readonly OrderRecord[]): Promise<OrderRecord[]> {
    const closed: OrderRecord[] = [];
    for (const maker of closing) {
      if (maker.reserved > 0n) await this.ledger.release(tx, maker.teamId, maker.holdId);
      closed.push({ ...maker, reserved: 0n });
    }
    return closed;
  }

  /**
   * placed, then per fill: the trade and one exchange.order.matched for each
   * side (its state after that fill); then the orders whose remainder was
   * cancelled, and the book.
   */
  private events(taker: OrderRecord, settlement: Settlement, closed: readonly OrderRecord[], book: NewEvent): NewEvent[] {
    const events: NewEvent[] = [orderEvent(this.assets, 'exchange.order.placed', taker)];
    settlement.trades.forEach((trade, index) => {
      events.push(
        tradeEvent(this.assets, trade),
        orderEvent(this.assets, 'exchange.order.matched', settlement.makersAfterFill[index]!),
        orderEvent(this.assets, 'exchange.order.matched', settlement.takerAfterFill[index]!),
      );
    });
    for (const maker of closed) if (maker.status === 'cancelled') events.push(orderEvent(this.assets, 'exchange.order.cancelled', maker));
    if (settlement.taker.status === 'cancelled') events.push(orderEvent(this.assets, 'exchange.order.cancelled', settlement.taker));
    events.push(book);
    return events;
  }
}
