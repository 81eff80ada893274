import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { NewEvent } from '../../../kernel/contract/event.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { BusinessRuleError } from '../../../kernel/errors/errors.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { Clock } from '../../../ports/clock.js';
import { Ids } from '../../../ports/ids.js';
import { Ledger } from '../../../ports/ledger.js';
import { UnitOfWork, type Tx } from '../../../ports/unit-of-work.js';
import { buyReservation, byPriority, match, type Fill } from '../domain/matching.js';
import { opposite, type OrderRecord, type TradeRecord } from '../domain/order.js';
import type { OrderView, PlaceOrderInput } from '../operations.js';
import { ExchangeRepository } from '../ports.js';
import { validOrder, type ValidOrder } from './inputs.js';
import { bookEvent, orderEvent, orderView, tradeEvent } from './views.js';

/**
 * placeOrder: in one unit of work, lock the team's book of the pair, match
 * against the opposite side (price-time priority), reserve the order's funds
 * with a ledger hold, settle every fill with two ledger captures (base from
 * the seller's hold to the buyer, quote from the buyer's hold to the seller),
 * rest what is left of a LIMIT order, and append the events.
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
      const book = byPriority(await this.repo.resting(tx, teamId, order.pair, opposite(order.side)), opposite(order.side));
      const fills = await this.matchActive(tx, teamId, order, book);
      if (order.type === 'MARKET' && fills.length === 0) {
        throw new BusinessRuleError('no_liquidity', `The ${order.pair} book has no ${opposite(order.side)} orders this MARKET order can take.`);
      }
      const reservation = this.reservation(order, fills);
      if (reservation <= 0n) throw new BusinessRuleError('order_too_small', 'The order is worth less than one minor unit of the quote asset.', { pointer: '/amount' });
      const id = this.ids.uuid();
      const now = this.clock.now();
      const holdId = await this.ledger.hold(tx, teamId, {
        accountId: order.accountId,
        assetCode: order.side === 'BUY' ? order.quote.code : order.base.code,
        amount: reservation,
        reference: `exchange:order:${id}`,
      });
      let taker: OrderRecord = {
        id, teamId, accountId: order.accountId, pair: order.pair, side: order.side, type: order.type, price: order.price,
        amount: order.amount, filled: 0n, status: 'open', holdId, reserved: reservation, seq, createdAt: now, updatedAt: now,
      };
      await this.repo.insertOrder(tx, taker);
      const events: NewEvent[] = [orderEvent(this.assets, 'exchange.order.placed', taker)];
      const trades: TradeRecord[] = [];
      for (const fill of fills) {
        const settled = await this.settle(tx, order, taker, fill, now);
        taker = settled.taker;
        trades.push(settled.trade);
        events.push(tradeEvent(this.assets, settled.trade), orderEvent(this.assets, 'exchange.order.matched', settled.maker));
      }
      if (fills.length > 0) events.push(orderEvent(this.assets, 'exchange.order.matched', taker));
      taker = await this.finish(tx, taker, now);
      if (taker.status === 'cancelled') events.push(orderEvent(this.assets, 'exchange.order.cancelled', taker));
      await this.repo.insertTrades(tx, trades);
      events.push(await bookEvent(this.repo, this.assets, tx, teamId, order.pair, now));
      await tx.append(events);
      return orderView(this.assets, taker);
    });
  }

  /**
   * Matches, leaving out resting orders of accounts that are no longer active
   * (frozen since placing): they could not be credited, and one such order
   * must not block the book for everyone. They stay in the book, untouched.
   */
  private async matchActive(tx: Tx, teamId: string, order: ValidOrder, book: OrderRecord[]): Promise<Fill[]> {
    const inactive = new Set<string>();
    const checked = new Set<string>([order.accountId]);
    for (;;) {
      const candidates = inactive.size === 0 ? book : book.filter((resting) => !inactive.has(resting.accountId));
      const fills = match({ side: order.side, accountId: order.accountId, price: order.price, amount: order.amount }, candidates, order.base.precision);
      let changed = false;
      for (const fill of fills) {
        if (checked.has(fill.maker.accountId)) continue;
        checked.add(fill.maker.accountId);
        if ((await this.ledger.account(tx, teamId, fill.maker.accountId)).status !== 'active') {
          inactive.add(fill.maker.accountId);
          changed = true;
        }
      }
      if (!changed) return fills;
    }
  }

  /** Quote for a BUY (limit: at the limit price, rounded up; market: the fills' cost), base for a SELL. */
  private reservation(order: ValidOrder, fills: readonly Fill[]): bigint {
    if (order.side === 'SELL') return order.type === 'LIMIT' ? order.amount : fills.reduce((sum, fill) => sum + fill.amount, 0n);
    if (order.type === 'LIMIT') return buyReservation(order.amount, order.price!, order.base.precision);
    return fills.reduce((sum, fill) => sum + fill.quoteAmount, 0n);
  }

  /** One fill: two captures, both orders' fills and reservations updated, the trade recorded. */
  private async settle(tx: Tx, order: ValidOrder, taker: OrderRecord, fill: Fill, now: Date): Promise<{ taker: OrderRecord; maker: OrderRecord; trade: TradeRecord }> {
    const [buyer, seller] = taker.side === 'BUY' ? [taker, fill.maker] : [fill.maker, taker];
    const teamId = taker.teamId;
    await this.ledger.capture(tx, teamId, seller.holdId, fill.amount, [{ accountId: buyer.accountId, assetCode: order.base.code, amount: fill.amount }], 'exchange.trade');
    // Below one minor unit of quote the fill costs nothing: the amount is rounded down, never up.
    if (fill.quoteAmount > 0n) {
      await this.ledger.capture(tx, teamId, buyer.holdId, fill.quoteAmount, [{ accountId: seller.accountId, assetCode: order.quote.code, amount: fill.quoteAmount }], 'exchange.trade');
    }
    const spent = (side: OrderRecord) => (side.side === 'BUY' ? fill.quoteAmount : fill.amount);
    const advance = (record: OrderRecord): OrderRecord => {
      const filled = record.filled + fill.amount;
      return { ...record, filled, reserved: record.reserved - spent(record), status: filled === record.amount ? 'filled' : 'partially_filled', updatedAt: now };
    };
    let maker = advance(fill.maker);
    if (maker.status === 'filled') maker = await this.releaseRest(tx, maker);
    await this.repo.updateOrder(tx, maker);
    const trade: TradeRecord = {
      id: this.ids.uuid(), teamId, pair: taker.pair, price: fill.price, amount: fill.amount, quoteAmount: fill.quoteAmount,
      buyOrderId: buyer.id, sellOrderId: seller.id, takerSide: taker.side, seq: taker.seq, createdAt: now,
    };
    return { taker: advance(taker), maker, trade };
  }

  /** A filled order gives back what its reservation has left (a BUY that bought under its limit). */
  private async releaseRest(tx: Tx, order: OrderRecord): Promise<OrderRecord> {
    if (order.reserved > 0n) await this.ledger.release(tx, order.teamId, order.holdId);
    return { ...order, reserved: 0n };
  }

  /** Filled: release the rest; MARKET not filled: cancel the rest; LIMIT: rests in the book. */
  private async finish(tx: Tx, taker: OrderRecord, now: Date): Promise<OrderRecord> {
    let final = taker;
    if (taker.filled === taker.amount) final = await this.releaseRest(tx, { ...taker, status: 'filled' });
    else if (taker.type === 'MARKET') final = await this.releaseRest(tx, { ...taker, status: 'cancelled', updatedAt: now });
    await this.repo.updateOrder(tx, final);
    return final;
  }
}
