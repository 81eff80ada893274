/**
 * Orders and trades of the exchange. Amounts are bigint minor units of the
 * pair's base asset; prices are minor units of the quote asset per one whole
 * base unit ("BTC/USD" at "65000.00" is 6500000 cents per bitcoin).
 */
export type Side = 'BUY' | 'SELL';
export type OrderType = 'LIMIT' | 'MARKET';
/** open and partially_filled rest in the book; filled and cancelled are final. */
export type OrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled';

export interface OrderRecord {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly pair: string;
  readonly side: Side;
  readonly type: OrderType;
  /** Null for market orders. */
  readonly price: bigint | null;
  readonly amount: bigint;
  readonly filled: bigint;
  readonly status: OrderStatus;
  /** The ledger hold reserving the order's funds (quote for BUY, base for SELL). */
  readonly holdId: string;
  /** What is still reserved in that hold. */
  readonly reserved: bigint;
  /** Arrival order within the team's book of this pair: time priority. */
  readonly seq: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface TradeRecord {
  readonly id: string;
  readonly teamId: string;
  readonly pair: string;
  readonly price: bigint;
  readonly amount: bigint;
  /** Quote minor units paid: amount × price, rounded up when the taker buys, down when it sells. */
  readonly quoteAmount: bigint;
  readonly buyOrderId: string;
  readonly sellOrderId: string;
  readonly takerSide: Side;
  readonly seq: number;
  readonly createdAt: Date;
}

export interface Pair {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
}

const PAIR = /^([A-Z][A-Z0-9]{1,11})\/([A-Z][A-Z0-9]{1,11})$/;

/** "BTC/USD" → base and quote codes; undefined when malformed or the same asset twice. */
export function parsePair(text: string): Pair | undefined {
  const match = PAIR.exec(text);
  if (!match || match[1] === match[2]) return undefined;
  return { symbol: text, base: match[1]!, quote: match[2]! };
}

export function isResting(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}

export function opposite(side: Side): Side {
  return side === 'BUY' ? 'SELL' : 'BUY';
}
