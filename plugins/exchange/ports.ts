import { token, type PageRequest, type Tx } from '../../kernel/public.js';
import type { BookLevel, BookPosition } from './domain/book.js';
import type { OrderRecord, OrderStatus, Side, TradeRecord } from './domain/order.js';

/** The exchange's private repository; every query is scoped by team. */
export interface OrderFilter {
  readonly pair?: string;
  readonly status?: OrderStatus;
}

export type OrderChange = Pick<OrderRecord, 'id' | 'teamId' | 'filled' | 'status' | 'reserved' | 'updatedAt'>;

export interface ExchangeRepository {
  /**
   * Locks the team's book of `pair` for this transaction (one matcher at a
   * time per book) and returns the next arrival sequence number.
   */
  lockBook(tx: Tx, teamId: string, pair: string): Promise<number>;
  /**
   * Locks the team's trading accounts for this transaction, all in one pass
   * in sorted order, whatever the book. A placement takes them before its
   * first ledger call, so two placements on different books that share an
   * account never hold each other's balance rows.
   */
  lockAccounts(tx: Tx, teamId: string, accountIds: readonly string[]): Promise<void>;
  insertOrder(tx: Tx, order: OrderRecord): Promise<void>;
  updateOrders(tx: Tx, changes: readonly OrderChange[]): Promise<void>;
  findOrder(tx: Tx, teamId: string, id: string): Promise<OrderRecord | undefined>;
  /**
   * At most `count` resting orders of `side` that a taker with `limit`
   * (null: any price) crosses, in priority order (domain/book.ts), starting
   * after `after` — a page of the matcher's walk, never the whole side.
   */
  crossing(tx: Tx, teamId: string, pair: string, side: Side, limit: bigint | null, after: BookPosition | undefined, count: number): Promise<OrderRecord[]>;
  /** The best `depth` price levels of one side (open amounts summed per price). */
  levels(tx: Tx, teamId: string, pair: string, side: Side, depth: number): Promise<BookLevel[]>;
  /** Newest first. */
  listOrders(tx: Tx, teamId: string, filter: OrderFilter, page: PageRequest): Promise<{ items: OrderRecord[]; total: number }>;
  insertTrades(tx: Tx, trades: readonly TradeRecord[]): Promise<void>;
  /** Newest first. */
  listTrades(tx: Tx, teamId: string, pair: string | undefined, page: PageRequest): Promise<{ items: TradeRecord[]; total: number }>;
}
export const ExchangeRepository = token<ExchangeRepository>('exchange.repository');
