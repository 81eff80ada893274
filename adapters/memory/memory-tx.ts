import type { Tx } from '../../ports/unit-of-work.js';

/**
 * The memory store's transaction: repositories apply writes directly to their
 * maps and register an undo; a rollback runs the undos newest first. Units of
 * work are serialised by one async mutex, so reads see committed state only.
 */
export interface MemoryTx extends Tx {
  readonly store: 'memory';
  onRollback(undo: () => void): void;
}

export function memoryTx(tx: Tx): MemoryTx {
  if (tx.store !== 'memory') throw new TypeError(`expected a memory transaction, got ${tx.store}`);
  return tx as MemoryTx;
}
