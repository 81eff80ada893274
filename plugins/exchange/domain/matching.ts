import type { OrderRecord, Side } from './order.js';

/**
 * The matching rules, pure: price-time priority within one book. The best
 * price matches first (lowest ask for a buyer, highest bid for a seller);
 * among equal prices the earlier order (lower seq) first. Trades happen at
 * the resting (maker) order's price. An order never matches another order of
 * the same account (self-trade prevention: the resting order is skipped and
 * stays in the book).
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

/** Quote minor units for `amount` base minor units at `price`: rounded down (never more than the reservation). */
export function quoteFor(amount: bigint, price: bigint, basePrecision: number): bigint {
  return (amount * price) / 10n ** BigInt(basePrecision);
}

/** Quote a limit BUY reserves: rounded up, so every fill at or under the limit is covered. */
export function buyReservation(amount: bigint, price: bigint, basePrecision: number): bigint {
  const scale = 10n ** BigInt(basePrecision);
  return (amount * price + scale - 1n) / scale;
}

/** Resting orders of one side in priority order. */
export function byPriority(orders: readonly OrderRecord[], side: Side): OrderRecord[] {
  return [...orders].sort((a, b) => {
    const pa = a.price ?? 0n;
    const pb = b.price ?? 0n;
    if (pa !== pb) return side === 'SELL' ? (pa < pb ? -1 : 1) : pa > pb ? -1 : 1;
    return a.seq - b.seq;
  });
}

function crosses(taker: Taker, makerPrice: bigint): boolean {
  if (taker.price === null) return true;
  return taker.side === 'BUY' ? makerPrice <= taker.price : makerPrice >= taker.price;
}

/** The fills an incoming order gets against the opposite side of the book (already in priority order). */
export function match(taker: Taker, book: readonly OrderRecord[], basePrecision: number): Fill[] {
  const fills: Fill[] = [];
  let remaining = taker.amount;
  for (const maker of book) {
    if (remaining === 0n) break;
    if (maker.price === null) continue;
    if (!crosses(taker, maker.price)) break;
    if (maker.accountId === taker.accountId) continue;
    const open = maker.amount - maker.filled;
    if (open <= 0n) continue;
    const amount = open < remaining ? open : remaining;
    fills.push({ maker, amount, price: maker.price, quoteAmount: quoteFor(amount, maker.price, basePrecision) });
    remaining -= amount;
  }
  return fills;
}

/** Price levels of one side: total open amount per price, best first, at most `depth` levels. */
export function levels(orders: readonly OrderRecord[], side: Side, depth: number): { price: bigint; amount: bigint }[] {
  const totals = new Map<bigint, bigint>();
  for (const order of byPriority(orders, side)) {
    if (order.price === null) continue;
    totals.set(order.price, (totals.get(order.price) ?? 0n) + (order.amount - order.filled));
  }
  return [...totals].slice(0, depth).map(([price, amount]) => ({ price, amount }));
}
