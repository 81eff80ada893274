import { z } from 'zod';
import { decimal, pageArgsShape, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The exchange's operations (GraphQL calls them; no REST routes in the spec)
 * and the zod schema of every input and view: the one source of the TS
 * types, and of the GraphQL types' fields (test/e2e/graphql-views.test.ts).
 * Decimal strings in and out. The manifest declares the input schemas, so
 * GraphQL parses every input with them (there is no REST route to validate
 * by); `validOrder` then checks an order's amounts, pair and assets.
 */
const SIDE = z.enum(['BUY', 'SELL']);

export const PlaceOrderInput = z.object({
  account_id: z.string(),
  pair: z.string().describe('BASE/QUOTE, e.g. BTC/USD'),
  side: SIDE,
  type: z.enum(['LIMIT', 'MARKET']),
  amount: z.string().describe('In the base asset'),
  price: z.string().nullable().optional().describe('Quote asset per one base unit; required for LIMIT, absent for MARKET'),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

export const OrderView = z
  .strictObject({
    id: z.string(),
    account_id: z.string(),
    pair: z.string(),
    side: SIDE,
    type: z.enum(['LIMIT', 'MARKET']),
    price: decimal.nullable(),
    amount: decimal,
    filled_amount: decimal,
    status: z.enum(['open', 'partially_filled', 'filled', 'cancelled']),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof OrderView>;

export const TradeView = z
  .strictObject({
    id: z.string(),
    pair: z.string(),
    price: decimal,
    amount: decimal,
    quote_amount: decimal,
    buy_order_id: z.string(),
    sell_order_id: z.string(),
    taker_side: SIDE,
    executed_at: timestamp,
  })
  .meta({ id: 'Trade' });
export type TradeView = z.infer<typeof TradeView>;

export const BookLevelView = z.strictObject({ price: decimal, amount: decimal }).meta({ id: 'BookLevel' });
export type BookLevelView = z.infer<typeof BookLevelView>;

export const OrderBookView = z
  .strictObject({ pair: z.string(), bids: z.array(BookLevelView), asks: z.array(BookLevelView), updated_at: timestamp })
  .meta({ id: 'OrderBook' });
export type OrderBookView = z.infer<typeof OrderBookView>;

export const ListOrdersInput = z.object({ pair: z.string().optional(), status: z.string().optional(), ...pageArgsShape });
export type ListOrdersInput = z.infer<typeof ListOrdersInput>;

export const ListTradesInput = z.object({ pair: z.string().optional(), ...pageArgsShape });
export type ListTradesInput = z.infer<typeof ListTradesInput>;

export const OrderIdInput = z.object({ id: z.string() });
export type OrderIdInput = z.infer<typeof OrderIdInput>;

export const OrderBookInput = z.object({ pair: z.string(), depth: z.number().int().optional() });
export type OrderBookInput = z.infer<typeof OrderBookInput>;

export const PlaceOrder = token<Operation<PlaceOrderInput, OrderView>>('exchange.place-order');
export const CancelOrder = token<Operation<OrderIdInput, OrderView>>('exchange.cancel-order');
export const GetOrder = token<Operation<OrderIdInput, OrderView>>('exchange.get-order');
export const ListOrders = token<Operation<ListOrdersInput, Page<OrderView>>>('exchange.list-orders');
export const GetOrderBook = token<Operation<OrderBookInput, OrderBookView>>('exchange.order-book');
export const ListTrades = token<Operation<ListTradesInput, Page<TradeView>>>('exchange.list-trades');
