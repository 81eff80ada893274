import type { OrderRecord, Side } from './order.js';

/**
 * The order of one side of a book, as a rule the memory store applies and
 * the SQL store mirrors in its ORDER BY: best price first (lowest ask,
 * highest bid), equal prices by arrival (lower seq first).
 */
export interface BookPosition {
  readonly price: bigint;
  readonly seq: number;
}

export interface BookLevel {
  readonly price: bigint;
  /** Open amount at this price. */
  readonly amount: bigint;
}

/** Negative when `a` comes before `b` in the `side` half of the book. */
export function comparePriority(a: BookPosition, b: BookPosition, side: Side): number {
  if (a.price !== b.price) return side === 'SELL' ? (a.price < b.price ? -1 : 1) : a.price > b.price ? -1 : 1;
  return a.seq - b.seq;
}

/** Resting orders of one side in priority order. */
export function byPriority(orders: readonly OrderRecord[], side: Side): OrderRecord[] {
  return orders.filter((order) => order.price !== null).sort((a, b) => comparePriority(a as BookPosition, b as BookPosition, side));
}

/** Price levels of one side: total open amount per price, best first, at most `depth` levels. */
export function levels(orders: readonly OrderRecord[], side: Side, depth: number): BookLevel[] {
  const totals = new Map<bigint, bigint>();
  for (const order of byPriority(orders, side)) {
    totals.set(order.price!, (totals.get(order.price!) ?? 0n) + (order.amount - order.filled));
  }
  return [...totals].slice(0, depth).map(([price, amount]) => ({ price, amount }));
}
