import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

/**
 * The exchange's events. They feed the GraphQL subscriptions orderBookUpdated,
 * tradeExecuted and orderMatched; amounts and prices are decimal strings.
 */
const level = z.object({ price: z.string(), amount: z.string() });

export const orderPayload = z.object({
  order_id: z.string(),
  account_id: z.string(),
  pair: z.string(),
  side: z.enum(['BUY', 'SELL']),
  type: z.enum(['LIMIT', 'MARKET']),
  price: z.string().nullable(),
  amount: z.string(),
  filled_amount: z.string(),
  status: z.enum(['open', 'partially_filled', 'filled', 'cancelled']),
  /** The order's own times (ISO 8601): when it was placed and when it last changed. */
  created_at: z.string(),
  updated_at: z.string(),
});

export const tradePayload = z.object({
  trade_id: z.string(),
  pair: z.string(),
  price: z.string(),
  amount: z.string(),
  quote_amount: z.string(),
  buy_order_id: z.string(),
  sell_order_id: z.string(),
  taker_side: z.enum(['BUY', 'SELL']),
  executed_at: z.string(),
});

export const bookPayload = z.object({ pair: z.string(), bids: z.array(level), asks: z.array(level), updated_at: z.string() });

const exchange = { version: 1, group: 'Exchange', webhook: false } as const;

export const exchangeEvents = [
  eventType({ ...exchange, name: 'exchange.order.placed', payload: orderPayload, description: 'An order was accepted and its funds reserved.', emittedBy: 'placeOrder' }),
  eventType({ ...exchange, name: 'exchange.order.matched', payload: orderPayload, description: 'One fill of an order (maker or taker): one event per order and fill, with the order as it stands after that fill.', emittedBy: 'placeOrder' }),
  eventType({ ...exchange, name: 'exchange.order.cancelled', payload: orderPayload, description: 'An order left the book unfilled (cancelOrder, or a MARKET or below-minimum remainder) and its remaining reservation was released.', emittedBy: 'cancelOrder, placeOrder' }),
  eventType({ ...exchange, name: 'exchange.trade.executed', payload: tradePayload, description: 'Two orders matched; both sides settled by ledger captures.', emittedBy: 'placeOrder' }),
  eventType({ ...exchange, name: 'exchange.order_book.updated', payload: bookPayload, description: 'The top 20 price levels of a book after a change.', emittedBy: 'placeOrder, cancelOrder' }),
];
