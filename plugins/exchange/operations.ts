import type { Page } from '../../kernel/contract/page.js';
import type { Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';

/** The exchange's operations (GraphQL calls them; no REST routes in the spec). Decimal strings in and out. */
export interface PlaceOrderInput {
  readonly account_id: unknown;
  readonly pair: unknown;
  readonly side: unknown;
  readonly type: unknown;
  readonly amount: unknown;
  readonly price?: unknown;
}

export interface OrderView {
  readonly id: string;
  readonly account_id: string;
  readonly pair: string;
  readonly side: 'BUY' | 'SELL';
  readonly type: 'LIMIT' | 'MARKET';
  readonly price: string | null;
  readonly amount: string;
  readonly filled_amount: string;
  readonly status: 'open' | 'partially_filled' | 'filled' | 'cancelled';
  readonly created_at: string;
  readonly updated_at: string;
}

export interface TradeView {
  readonly id: string;
  readonly pair: string;
  readonly price: string;
  readonly amount: string;
  readonly quote_amount: string;
  readonly buy_order_id: string;
  readonly sell_order_id: string;
  readonly taker_side: 'BUY' | 'SELL';
  readonly executed_at: string;
}

export interface BookLevelView {
  readonly price: string;
  readonly amount: string;
}

export interface OrderBookView {
  readonly pair: string;
  readonly bids: readonly BookLevelView[];
  readonly asks: readonly BookLevelView[];
  readonly updated_at: string;
}

export interface ListOrdersInput {
  readonly pair?: string;
  readonly status?: string;
  readonly page?: number;
  readonly per_page?: number;
}

export interface ListTradesInput {
  readonly pair?: string;
  readonly page?: number;
  readonly per_page?: number;
}

export const PlaceOrder = token<Operation<PlaceOrderInput, OrderView>>('exchange.place-order');
export const CancelOrder = token<Operation<{ id: string }, OrderView>>('exchange.cancel-order');
export const GetOrder = token<Operation<{ id: string }, OrderView>>('exchange.get-order');
export const ListOrders = token<Operation<ListOrdersInput, Page<OrderView>>>('exchange.list-orders');
export const GetOrderBook = token<Operation<{ pair: string; depth?: number }, OrderBookView>>('exchange.order-book');
export const ListTrades = token<Operation<ListTradesInput, Page<TradeView>>>('exchange.list-trades');
