import { injectable } from 'inversify';
import { memoryTx } from '../../../../adapters/memory/memory-tx.js';
import type { PageRequest } from '../../../../kernel/contract/page.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import { isResting, type OrderRecord, type Side, type TradeRecord } from '../../domain/order.js';
import type { ExchangeRepository, OrderFilter } from '../../ports.js';

/**
 * The memory store's exchange tables. The store runs one unit of work at a
 * time, so the book needs no lock; every write registers its undo.
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
    this.books.set(key, next);
    memoryTx(tx).onRollback(() => (previous === undefined ? this.books.delete(key) : this.books.set(key, previous)));
    return next;
  }

  async insertOrder(tx: Tx, order: OrderRecord): Promise<void> {
    this.orders.set(order.id, order);
    memoryTx(tx).onRollback(() => this.orders.delete(order.id));
  }

  async updateOrder(tx: Tx, change: Pick<OrderRecord, 'id' | 'teamId' | 'filled' | 'status' | 'reserved' | 'updatedAt'>): Promise<void> {
    const before = this.orders.get(change.id);
    if (!before || before.teamId !== change.teamId) return;
    this.orders.set(change.id, { ...before, filled: change.filled, status: change.status, reserved: change.reserved, updatedAt: change.updatedAt });
    memoryTx(tx).onRollback(() => this.orders.set(change.id, before));
  }

  async findOrder(_tx: Tx, teamId: string, id: string): Promise<OrderRecord | undefined> {
    const order = this.orders.get(id);
    return order && order.teamId === teamId ? order : undefined;
  }

  async resting(_tx: Tx, teamId: string, pair: string, side: Side): Promise<OrderRecord[]> {
    return [...this.orders.values()].filter((o) => o.teamId === teamId && o.pair === pair && o.side === side && isResting(o.status));
  }

  async listOrders(_tx: Tx, teamId: string, filter: OrderFilter, page: PageRequest): Promise<{ items: OrderRecord[]; total: number }> {
    const mine = [...this.orders.values()]
      .filter((o) => o.teamId === teamId && (!filter.pair || o.pair === filter.pair) && (!filter.status || o.status === filter.status))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq || (a.pair < b.pair ? 1 : -1));
    const start = (page.page - 1) * page.perPage;
    return { items: mine.slice(start, start + page.perPage), total: mine.length };
  }

  async insertTrades(tx: Tx, trades: readonly TradeRecord[]): Promise<void> {
    const length = this.trades.length;
    this.trades.push(...trades);
    memoryTx(tx).onRollback(() => (this.trades.length = length));
  }

  async listTrades(_tx: Tx, teamId: string, pair: string | undefined, page: PageRequest): Promise<{ items: TradeRecord[]; total: number }> {
    const mine = this.trades.filter((t) => t.teamId === teamId && (!pair || t.pair === pair)).reverse();
    const start = (page.page - 1) * page.perPage;
    return { items: mine.slice(start, start + page.perPage), total: mine.length };
  }
}
