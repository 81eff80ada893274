import { injectable } from 'inversify';
import { appendUndoable, putUndoable } from '../../../../kit/memory.js';
import type { PageRequest, Tx } from '../../../../kernel/public.js';
import { byPriority, comparePriority, levels, type BookLevel, type BookPosition } from '../../domain/book.js';
import { isResting, type OrderRecord, type Side, type TradeRecord } from '../../domain/order.js';
import type { ExchangeRepository, OrderChange, OrderFilter } from '../../ports.js';

/**
 * The memory store's exchange tables. The store runs one unit of work at a
 * time, so books and accounts need no lock; every write registers its undo.
 */
@injectable()
export class MemoryExchangeRepository implements ExchangeRepository {
  private readonly orders = new Map<string, OrderRecord>();
  private readonly trades: TradeRecord[] = [];
  private readonly books = new Map<string, number>();

  async lockBook(tx: Tx, teamId: string, pair: string): Promise<number> {
    const key = `${teamId}\u0000${pair}`;
    const previous = this.books.get(key);
    const next = (previous ?? 0) + 1;
    putUndoable(tx, this.books, key, next);
    return next;
  }

  async lockAccounts(): Promise<void> {}

  async insertOrder(tx: Tx, order: OrderRecord): Promise<void> {
    putUndoable(tx, this.orders, order.id, order);
  }

  async updateOrders(tx: Tx, changes: readonly OrderChange[]): Promise<void> {
    for (const change of changes) {
      const before = this.orders.get(change.id);
      if (!before || before.teamId !== change.teamId) continue;
      putUndoable(tx, this.orders, change.id, { ...before, filled: change.filled, status: change.status, reserved: change.reserved, updatedAt: change.updatedAt });
    }
  }

  async findOrder(_tx: Tx, teamId: string, id: string): Promise<OrderRecord | undefined> {
    const order = this.orders.get(id);
    return order && order.teamId === teamId ? order : undefined;
  }

  async crossing(_tx: Tx, teamId: string, pair: string, side: Side, limit: bigint | null, after: BookPosition | undefined, count: number): Promise<OrderRecord[]> {
    const crosses = (price: bigint) => limit === null || (side === 'SELL' ? price <= limit : price >= limit);
    return byPriority(this.resting(teamId, pair, side), side)
      .filter((order) => crosses(order.price!) && (!after || comparePriority(order as BookPosition, after, side) > 0))
      .slice(0, count);
  }

  async levels(_tx: Tx, teamId: string, pair: string, side: Side, depth: number): Promise<BookLevel[]> {
    return levels(this.resting(teamId, pair, side), side, depth);
  }

  async listOrders(_tx: Tx, teamId: string, filter: OrderFilter, page: PageRequest): Promise<{ items: OrderRecord[]; total: number }> {
    const mine = [...this.orders.values()]
      .filter((o) => o.teamId === teamId && (!filter.pair || o.pair === filter.pair) && (!filter.status || o.status === filter.status))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq || (a.pair < b.pair ? 1 : -1));
    const start = (page.page - 1) * page.perPage;
    return { items: mine.slice(start, start + page.perPage), total: mine.length };
  }

  async insertTrades(tx: Tx, trades: readonly TradeRecord[]): Promise<void> {
    appendUndoable(tx, this.trades, trades);
  }

  async listTrades(_tx: Tx, teamId: string, pair: string | undefined, page: PageRequest): Promise<{ items: TradeRecord[]; total: number }> {
    const mine = this.trades.filter((t) => t.teamId === teamId && (!pair || t.pair === pair)).reverse();
    const start = (page.page - 1) * page.perPage;
    return { items: mine.slice(start, start + page.perPage), total: mine.length };
  }

  private resting(teamId: string, pair: string, side: Side): OrderRecord[] {
    return [...this.orders.values()].filter((o) => o.teamId === teamId && o.pair === pair && o.side === side && isResting(o.status));
  }
}
