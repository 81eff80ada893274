import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { ItemRecord } from '../../domain/item.js';
import { canActivate, isDueToExpire } from '../../domain/item.js';
import type { ItemRepository } from '../../ports.js';

/** Items in a Map in insertion order (oldest first); every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryItemRepository implements ItemRepository {
  readonly #items = new Map<string, ItemRecord>();

  async insert(tx: Tx, item: ItemRecord): Promise<void> {
    putUndoable(tx, this.#items, item.id, item);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<ItemRecord | undefined> {
    const item = this.#items.get(id);
    return item?.teamId === teamId ? item : undefined;
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ItemRecord>> {
    const team = [...this.#items.values()].filter((item) => item.teamId === teamId);
    const start = pageOffset(page);
    return { items: team.slice(start, start + page.perPage), total: team.length };
  }

  async activate(tx: Tx, teamId: string, id: string, at: Date): Promise<ItemRecord | undefined> {
    const item = await this.find(tx, teamId, id);
    if (!item || !canActivate(item)) return undefined;
    const active: ItemRecord = { ...item, status: 'active', updatedAt: at };
    putUndoable(tx, this.#items, id, active);
    return active;
  }

  async expireDue(tx: Tx, now: Date, limit: number): Promise<ItemRecord[]> {
    const due = [...this.#items.values()]
      .filter((item) => isDueToExpire(item, now))
      .sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit);
    return due.map((item) => {
      const expired: ItemRecord = { ...item, status: 'expired', updatedAt: now };
      putUndoable(tx, this.#items, item.id, expired);
      return expired;
    });
  }
}
