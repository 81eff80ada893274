import type { PageRequest } from '../../kernel/contract/page.js';
import { token } from '../../kernel/contract/token.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { OrderRecord, OrderStatus, Side, TradeRecord } from './domain/order.js';

/** The exchange's private repository; every query is scoped by team. */
export interface OrderFilter {
  readonly pair?: string;
  readonly status?: OrderStatus;
}

export interface ExchangeRepository {
  /**
   * Locks the team's book of `pair` for this transaction (one matcher at a
   * time per book) and returns the next arrival sequence number.
   */
  lockBook(tx: Tx, teamId: string, pair: string): Promise<number>;
  insertOrder(tx: Tx, order: OrderRecord): Promise<void>;
  updateOrder(tx: Tx, order: Pick<OrderRecord, 'id' | 'teamId' | 'filled' | 'status' | 'reserved' | 'updatedAt'>): Promise<void>;
  findOrder(tx: Tx, teamId: string, id: string): Promise<OrderRecord | undefined>;
  /** Resting orders (open, partially_filled) of one side of a book, any order. */
  resting(tx: Tx, teamId: string, pair: string, side: Side): Promise<OrderRecord[]>;
  /** Newest first. */
  listOrders(tx: Tx, teamId: string, filter: OrderFilter, page: PageRequest): Promise<{ items: OrderRecord[]; total: number }>;
  insertTrades(tx: Tx, trades: readonly TradeRecord[]): Promise<void>;
  /** Newest first. */
  listTrades(tx: Tx, teamId: string, pair: string | undefined, page: PageRequest): Promise<{ items: TradeRecord[]; total: number }>;
}
export const ExchangeRepository = token<ExchangeRepository>('exchange.repository');
