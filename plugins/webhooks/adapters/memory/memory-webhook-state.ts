import { appendUndoable, deleteUndoable, memoryTx, putUndoable } from '../../../../kit/memory.js';
import { token, type Tx } from '../../../../kernel/public.js';
import type { AttemptRecord, DeliveryRecord, WebhookRecord } from '../../ports.js';

/**
 * The memory store's webhook tables, one instance per container. Writes
 * register an undo with the unit of work; the store's mutex runs one unit
 * of work at a time, so a claim needs no row locks.
 */
export class MemoryWebhookState {
  readonly webhooks = new Map<string, { seq: number; record: WebhookRecord }>();
  readonly deliveries = new Map<string, DeliveryRecord>();
  /** `${webhookId}\0${eventId}` → delivery id (the unique pair). */
  readonly deliveryKeys = new Map<string, string>();
  readonly attempts: Array<{ seq: number; record: AttemptRecord }> = [];
  #seq = 0;

  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  put<K, V>(tx: Tx, map: Map<K, V>, key: K, value: V): void {
    putUndoable(tx, map, key, value);
  }

  remove<K, V>(tx: Tx, map: Map<K, V>, key: K): void {
    deleteUndoable(tx, map, key);
  }

  push<V>(tx: Tx, list: V[], item: V): void {
    appendUndoable(tx, list, [item]);
  }

  /** Keeps only the items that pass, in place; a rollback puts the list back as it was. */
  filter<V>(tx: Tx, list: V[], keep: (item: V) => boolean): void {
    const before = [...list];
    const kept = list.filter(keep);
    if (kept.length === list.length) return;
    list.splice(0, list.length, ...kept);
    memoryTx(tx).onRollback(() => list.splice(0, list.length, ...before));
  }
}

export const MemoryWebhooks = token<MemoryWebhookState>('webhooks.memory-state');

export function slice<T>(items: readonly T[], page: { page: number; perPage: number }): T[] {
  const start = (page.page - 1) * page.perPage;
  return items.slice(start, start + page.perPage);
}
