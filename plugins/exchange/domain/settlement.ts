import { advance, buyReservation, isDust, worthAMinorUnit, type Fill } from './matching.js';
import type { OrderRecord, TradeRecord } from './order.js';

/**
 * What a placement's fills do, pure: the orders after each fill, the trades,
 * and the ledger payments (captures) that settle them. The ledger calls are
 * the application's; this decides their amounts.
 */

/** One capture: `amount` of `asset` from the hold of the paying order to `toAccountId`. */
export interface Payment {
  readonly holdId: string;
  readonly amount: bigint;
  readonly toAccountId: string;
  readonly asset: 'base' | 'quote';
}

export interface Settlement {
  /** The taker after each fill, in fill order. */
  readonly takerAfterFill: readonly OrderRecord[];
  /** The taker once matching is over: filled, resting, or cancelled (a MARKET or dust remainder). */
  readonly taker: OrderRecord;
  /** Each maker after its fill, in fill order. */
  readonly makersAfterFill: readonly OrderRecord[];
  /** Makers leaving the book (filled, or a dust remainder cancelled), still holding `reserved` to release. */
  readonly closing: readonly OrderRecord[];
  readonly trades: readonly TradeRecord[];
  /** Two per fill, in fill order: the seller's base to the buyer, the buyer's quote to the seller. */
  readonly payments: readonly Payment[];
}

/**
 * The part of an order's remainder that rests in the book: all of it for a
 * LIMIT order worth at least the minimum order value at its limit, else none
 * (a MARKET remainder and a dust remainder are cancelled).
 */
export function restingRemainder(order: Pick<OrderRecord, 'type' | 'price' | 'amount'>, fills: readonly Fill[], basePrecision: number): bigint {
  const rest = order.amount - fills.reduce((sum, fill) => sum + fill.amount, 0n);
  if (order.type !== 'LIMIT' || rest === 0n || !worthAMinorUnit(rest, order.price!, basePrecision)) return 0n;
  return rest;
}

/** What the taker's hold must reserve: exactly what its fills spend plus what its resting remainder may spend. */
export function takerReservation(order: Pick<OrderRecord, 'side' | 'type' | 'price' | 'amount'>, fills: readonly Fill[], basePrecision: number): bigint {
  const resting = restingRemainder(order, fills, basePrecision);
  if (order.side === 'BUY') return buyReservation(fills, resting, order.price, basePrecision);
  return fills.reduce((sum, fill) => sum + fill.amount, 0n) + resting;
}

/**
 * Settles `fills` for `taker` (placed with takerReservation in its hold).
 * An order's reservation falls by what each fill costs it: the quote for a
 * BUY, the base for a SELL.
 */
export function settle(taker: OrderRecord, fills: readonly Fill[], basePrecision: number, tradeId: () => string, at: Date): Settlement {
  const spent = (order: OrderRecord, fill: Fill) => (order.side === 'BUY' ? fill.quoteAmount : fill.amount);
  const takerAfterFill: OrderRecord[] = [];
  const makersAfterFill: OrderRecord[] = [];
  const closing: OrderRecord[] = [];
  const trades: TradeRecord[] = [];
  const payments: Payment[] = [];
  let current = taker;
  for (const fill of fills) {
    const maker = advance(fill.maker, fill.amount, spent(fill.maker, fill), at);
    current = advance(current, fill.amount, spent(current, fill), at);
    const [buyer, seller] = taker.side === 'BUY' ? [current, maker] : [maker, current];
    payments.push(
      { holdId: seller.holdId, amount: fill.amount, toAccountId: buyer.accountId, asset: 'base' },
      { holdId: buyer.holdId, amount: fill.quoteAmount, toAccountId: seller.accountId, asset: 'quote' },
    );
    trades.push({
      id: tradeId(), teamId: taker.teamId, pair: taker.pair, price: fill.price, amount: fill.amount, quoteAmount: fill.quoteAmount,
      buyOrderId: buyer.id, sellOrderId: seller.id, takerSide: taker.side, seq: taker.seq, createdAt: at,
    });
    makersAfterFill.push(maker);
    takerAfterFill.push(current);
    if (maker.status === 'filled') closing.push(maker);
    else if (isDust(maker, basePrecision)) closing.push({ ...maker, status: 'cancelled' });
  }
  const resting = restingRemainder(taker, fills, basePrecision);
  const final: OrderRecord = current.filled === current.amount || resting > 0n ? current : { ...current, status: 'cancelled', updatedAt: at };
  return { takerAfterFill, taker: final, makersAfterFill, closing, trades, payments };
}
