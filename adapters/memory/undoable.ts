import type { Tx } from '../../ports/unit-of-work.js';
import { memoryTx } from './memory-tx.js';

/**
 * Writes for repositories over Maps and arrays inside a memory transaction:
 * each applies at once and registers the undo that restores what was there,
 * so a rollback (run newest first) leaves the collections as they were.
 */
export function putUndoable<K, V>(tx: Tx, map: Map<K, V>, key: K, value: V): void {
  const had = map.has(key);
  const before = map.get(key);
  map.set(key, value);
  memoryTx(tx).onRollback(() => {
    if (had) map.set(key, before as V);
    else map.delete(key);
  });
}

export function deleteUndoable<K, V>(tx: Tx, map: Map<K, V>, key: K): void {
  if (!map.has(key)) return;
  const before = map.get(key) as V;
  map.delete(key);
  memoryTx(tx).onRollback(() => map.set(key, before));
}

/** Appends at the end; the undo truncates back to the old length. */
export function appendUndoable<V>(tx: Tx, list: V[], items: readonly V[]): void {
  const length = list.length;
  list.push(...items);
  memoryTx(tx).onRollback(() => {
    list.length = length;
  });
}
