import { memoryTx } from '../../../../adapters/memory/memory-tx.js';
import { token } from '../../../../kernel/contract/token.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
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
    const had = map.has(key);
    const before = map.get(key);
    map.set(key, value);
    memoryTx(tx).onRollback(() => {
      if (had) map.set(key, before as V);
      else map.delete(key);
    });
  }

  remove<K, V>(tx: Tx, map: Map<K, V>, key: K): void {
    if (!map.has(key)) return;
    const before = map.get(key) as V;
    map.delete(key);
    memoryTx(tx).onRollback(() => map.set(key, before));
  }

  push<V>(tx: Tx, list: V[], item: V): void {
    list.push(item);
    memoryTx(tx).onRollback(() => {
      const index = list.indexOf(item);
      if (index >= 0) list.splice(index, 1);
    });
  }
}

export const MemoryWebhooks = token<MemoryWebhookState>('webhooks.memory-state');

export function slice<T>(items: readonly T[], page: { page: number; perPage: number }): T[] {
  const start = (page.page - 1) * page.perPage;
  return items.slice(start, start + page.perPage);
}
