import type { NewEvent } from '../../kernel/contract/event.js';
import type { MemoryTx } from './memory-tx.js';

/** The transaction `readOnly` hands to work on the memory store: reads as usual, refuses events and hooks like the SQL one. */
export class MemoryReadOnlyTx implements MemoryTx {
  readonly store = 'memory' as const;

  constructor(private readonly inner: MemoryTx) {}

  onRollback(undo: () => void): void {
    this.inner.onRollback(undo);
  }

  async append(_events: readonly NewEvent[]): Promise<void> {
    throw new Error('memory store: append inside readOnly; state changes and their events belong in run()');
  }

  afterCommit(_hook: () => void): void {
    throw new Error('memory store: afterCommit inside readOnly; there is no commit');
  }
}
