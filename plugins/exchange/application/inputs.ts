import {
  BusinessRuleError,
  formatMinor,
  parseAmountField,
  ValidationError,
  type Asset,
  type AssetCatalog,
} from '../../../kernel/public.js';
import { worthAMinorUnit } from '../domain/matching.js';
import { parsePair, type OrderType, type Side } from '../domain/order.js';
import type { PlaceOrderInput } from '../operations.js';

export interface ValidOrder {
  readonly accountId: string;
  readonly pair: string;
  readonly base: Asset;
  readonly quote: Asset;
  readonly side: Side;
  readonly type: OrderType;
  readonly amount: bigint;
  readonly price: bigint | null;
}

/**
 * Every field checked, each failure a 422 pointing at it. A LIMIT order
 * worth less than the minimum order value (one minor unit of the quote
 * asset at its price) is order_too_small; a MARKET order's value is checked
 * against the book when it matches.
 */
export function validOrder(assets: AssetCatalog, input: PlaceOrderInput): ValidOrder {
  if (typeof input.account_id !== 'string' || input.account_id === '' || input.account_id.length > 100) {
    throw ValidationError.field('/account_id', 'account_id must be an account identifier string');
  }
  const pair = typeof input.pair === 'string' ? parsePair(input.pair) : undefined;
  if (!pair) throw ValidationError.field('/pair', 'pair must be BASE/QUOTE of two different asset codes, e.g. BTC/USD');
  const base = assets.require(pair.base, '/pair');
  const quote = assets.require(pair.quote, '/pair');
  if (input.side !== 'BUY' && input.side !== 'SELL') throw ValidationError.field('/side', 'side must be BUY or SELL');
  if (input.type !== 'LIMIT' && input.type !== 'MARKET') throw ValidationError.field('/type', 'type must be LIMIT or MARKET');
  const amount = parseAmountField(input.amount, base, '/amount');
  let price: bigint | null = null;
  if (input.type === 'LIMIT') {
    if (input.price === undefined || input.price === null) throw ValidationError.field('/price', 'a LIMIT order needs a price');
    price = parseAmountField(input.price, quote, '/price');
    if (!worthAMinorUnit(amount, price, base.precision)) throw orderTooSmall(quote, 'at its price');
  } else if (input.price !== undefined && input.price !== null) {
    throw ValidationError.field('/price', 'a MARKET order takes the book’s prices; leave price out');
  }
  return { accountId: input.account_id, pair: pair.symbol, base, quote, side: input.side, type: input.type, amount, price };
}

/** The refusal of an order below the minimum order value (one minor unit of the quote asset). */
export function orderTooSmall(quote: Asset, where: string): BusinessRuleError {
  return new BusinessRuleError(
    'order_too_small',
    `The order is worth less than the minimum order value, one minor unit of ${quote.code} (${formatMinor(1n, quote.precision)}), ${where}.`,
    { pointer: '/amount' },
  );
}
