import { BusinessRuleError } from '../../../kernel/public.js';
import type { OrderRecord, Side } from './order.js';

/**
 * The matching rules, pure: price-time priority within one book. The best
 * price matches first (lowest ask for a buyer, highest bid for a seller);
 * among equal prices the earlier order (lower seq) first. Trades happen at
 * the resting (maker) order's price.
 *
 * Rounding favours the resting order: a fill's quote amount is rounded up
 * when the taker buys and down when the taker sells, and no fill is ever
 * worth zero minor units of the quote asset (see worthAMinorUnit).
 *
 * Self-trade prevention: an order that would trade with a resting order of
 * its own account is refused as a whole (422 self_trade_prevented).
 */
export interface Taker {
  readonly side: Side;
  readonly accountId: string;
  /** Limit price; null for a market order (takes any price). */
  readonly price: bigint | null;
  readonly amount: bigint;
}

export interface Fill {
  readonly maker: OrderRecord;
  readonly amount: bigint;
  readonly price: bigint;
  readonly quoteAmount: bigint;
}

export interface MatchResult {
  readonly fills: readonly Fill[];
  /** What the taker has left to fill after these fills. */
  readonly remaining: bigint;
  /**
   * True when a selling taker stopped because its remainder is worth less
   * than one minor unit at the next price: that fill would pay nothing.
   */
  readonly stoppedOnDust: boolean;
}

const scaleOf = (basePrecision: number): bigint => 10n ** BigInt(basePrecision);

/**
 * The minimum order value: `amount` base minor units at `price` are worth at
 * least one minor unit of the quote asset (0.01 USD for BTC/USD). A LIMIT
 * order below it is refused; a resting order whose open remainder falls
 * below it leaves the book (its remainder is cancelled).
 */
export function worthAMinorUnit(amount: bigint, price: bigint, basePrecision: number): boolean {
  return amount * price >= scaleOf(basePrecision);
}

/** Quote minor units of one fill: rounded up when the taker buys, down when it sells (the resting order never loses). */
export function quoteFor(amount: bigint, price: bigint, basePrecision: number, takerSide: Side): bigint {
  const scale = scaleOf(basePrecision);
  const exact = amount * price;
  return takerSide === 'BUY' ? (exact + scale - 1n) / scale : exact / scale;
}

/**
 * What a BUY reserves: its fills' (rounded-up) cost plus its resting
 * remainder at the limit, rounded up. Every later fill of the remainder,
 * rounded down as a maker, stays within it.
 */
export function buyReservation(fills: readonly Fill[], resting: bigint, limit: bigint | null, basePrecision: number): bigint {
  const spent = fills.reduce((sum, fill) => sum + fill.quoteAmount, 0n);
  if (resting === 0n || limit === null) return spent;
  return spent + quoteFor(resting, limit, basePrecision, 'BUY');
}

function crosses(taker: Taker, makerPrice: bigint): boolean {
  if (taker.price === null) return true;
  return taker.side === 'BUY' ? makerPrice <= taker.price : makerPrice >= taker.price;
}

/**
 * The fills `taker` gets from `book`, one page of the opposite side in
 * priority order. Makers for which `skip` holds (accounts that can no
 * longer trade) are passed over and stay in the book. Meeting a resting
 * order of the taker's own account is a refusal.
 */
export function match(taker: Taker, book: readonly OrderRecord[], basePrecision: number, skip: (maker: OrderRecord) => boolean = () => false): MatchResult {
  const fills: Fill[] = [];
  let remaining = taker.amount;
  for (const maker of book) {
    if (remaining === 0n) break;
    if (maker.price === null || !crosses(taker, maker.price)) break;
    const open = maker.amount - maker.filled;
    if (open <= 0n || skip(maker)) continue;
    if (maker.accountId === taker.accountId) {
      throw new BusinessRuleError(
        'self_trade_prevented',
        `This order would trade with resting order ${maker.id} of the same account; cancel that order or change the price.`,
      );
    }
    const amount = open < remaining ? open : remaining;
    const quoteAmount = quoteFor(amount, maker.price, basePrecision, taker.side);
    if (quoteAmount === 0n) return { fills, remaining, stoppedOnDust: true };
    fills.push({ maker, amount, price: maker.price, quoteAmount });
    remaining -= amount;
  }
  return { fills, remaining, stoppedOnDust: false };
}

/** The order after `filled` more of it traded: its status, and what its reservation has left after paying `spent`. */
export function advance(order: OrderRecord, filled: bigint, spent: bigint, at: Date): OrderRecord {
  const total = order.filled + filled;
  return { ...order, filled: total, reserved: order.reserved - spent, status: total === order.amount ? 'filled' : 'partially_filled', updatedAt: at };
}

/** True when an order still in the book has an open remainder worth less than the minimum order value. */
export function isDust(order: OrderRecord, basePrecision: number): boolean {
  const open = order.amount - order.filled;
  return open > 0n && order.price !== null && !worthAMinorUnit(open, order.price, basePrecision);
}
