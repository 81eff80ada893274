import { formatMinor, type AssetCatalog, type NewEvent, type Tx } from '../../../kernel/public.js';
import type { BookLevel } from '../domain/book.js';
import { parsePair, type OrderRecord, type TradeRecord } from '../domain/order.js';
import type { OrderBookView, OrderView, TradeView } from '../operations.js';
import type { ExchangeRepository } from '../ports.js';

/** Records → views and event payloads, decimal strings at each asset's precision. */
export const BOOK_EVENT_DEPTH = 20;

export function precisions(assets: AssetCatalog, pair: string): { base: number; quote: number } {
  const parsed = parsePair(pair);
  return { base: assets.find(parsed?.base ?? '')?.precision ?? 0, quote: assets.find(parsed?.quote ?? '')?.precision ?? 0 };
}

export function orderView(assets: AssetCatalog, order: OrderRecord): OrderView {
  const p = precisions(assets, order.pair);
  return {
    id: order.id,
    account_id: order.accountId,
    pair: order.pair,
    side: order.side,
    type: order.type,
    price: order.price === null ? null : formatMinor(order.price, p.quote),
    amount: formatMinor(order.amount, p.base),
    filled_amount: formatMinor(order.filled, p.base),
    status: order.status,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

export function tradeView(assets: AssetCatalog, trade: TradeRecord): TradeView {
  const p = precisions(assets, trade.pair);
  return {
    id: trade.id,
    pair: trade.pair,
    price: formatMinor(trade.price, p.quote),
    amount: formatMinor(trade.amount, p.base),
    quote_amount: formatMinor(trade.quoteAmount, p.quote),
    buy_order_id: trade.buyOrderId,
    sell_order_id: trade.sellOrderId,
    taker_side: trade.takerSide,
    executed_at: trade.createdAt.toISOString(),
  };
}

/** The order as it stands after the change the event reports (created_at and updated_at are the order's own). */
export function orderEvent(assets: AssetCatalog, type: string, order: OrderRecord): NewEvent {
  const { id, ...rest } = orderView(assets, order);
  return { type, teamId: order.teamId, aggregateType: 'exchange.order', aggregateId: order.id, payload: { order_id: id, ...rest } };
}

export function tradeEvent(assets: AssetCatalog, trade: TradeRecord): NewEvent {
  const { id, ...rest } = tradeView(assets, trade);
  return { type: 'exchange.trade.executed', teamId: trade.teamId, aggregateType: 'exchange.pair', aggregateId: trade.pair, payload: { trade_id: id, ...rest } };
}

/** The book's best `depth` price levels per side as they stand in this transaction (summed by the store). */
export async function bookView(repo: ExchangeRepository, assets: AssetCatalog, tx: Tx, teamId: string, pair: string, depth: number, at: Date): Promise<OrderBookView> {
  const p = precisions(assets, pair);
  const render = (rows: readonly BookLevel[]) => rows.map((row) => ({ price: formatMinor(row.price, p.quote), amount: formatMinor(row.amount, p.base) }));
  const bids = await repo.levels(tx, teamId, pair, 'BUY', depth);
  const asks = await repo.levels(tx, teamId, pair, 'SELL', depth);
  return { pair, bids: render(bids), asks: render(asks), updated_at: at.toISOString() };
}

export async function bookEvent(repo: ExchangeRepository, assets: AssetCatalog, tx: Tx, teamId: string, pair: string, at: Date): Promise<NewEvent> {
  const book = await bookView(repo, assets, tx, teamId, pair, BOOK_EVENT_DEPTH, at);
  return { type: 'exchange.order_book.updated', teamId, aggregateType: 'exchange.pair', aggregateId: pair, payload: { ...book } };
}
