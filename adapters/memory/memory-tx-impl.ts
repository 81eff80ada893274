import type { NewEvent } from '../../kernel/contract/event.js';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import type { MemoryTx } from './memory-tx.js';
import { toPendingEvent, type PendingEvent } from './pending-event.js';

/**
 * One memory unit of work. Writes land in the stores' maps at once with an
 * undo registered; events wait here until commit. `onEnd` is for this
 * adapter's own transaction-scoped resources (idempotency locks) and runs on
 * commit and rollback alike.
 */
export class MemoryTxImpl implements MemoryTx {
  readonly store = 'memory' as const;
  #open = true;
  readonly #undos: Array<() => void> = [];
  readonly #events: PendingEvent[] = [];
  readonly #hooks: Array<() => void> = [];
  readonly #onEnd: Array<() => void> = [];

  constructor(
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  get isOpen(): boolean {
    return this.#open;
  }

  async append(events: readonly NewEvent[]): Promise<void> {
    this.#assertOpen('append');
    // Stamped and JSON-copied now, so a caller mutating its object later cannot change history.
    const occurredAt = this.clock.now();
    for (const event of events) this.#events.push(toPendingEvent(event, event.id ?? this.ids.timeOrdered(), occurredAt));
  }

  afterCommit(hook: () => void): void {
    this.#assertOpen('afterCommit');
    this.#hooks.push(hook);
  }

  onRollback(undo: () => void): void {
    this.#assertOpen('onRollback');
    this.#undos.push(undo);
  }

  onEnd(release: () => void): void {
    this.#assertOpen('onEnd');
    this.#onEnd.push(release);
  }

  /** Ends a successful unit of work: returns its events and hooks for the caller to publish and run. */
  commit(): { events: PendingEvent[]; hooks: Array<() => void> } {
    this.#close();
    return { events: this.#events.splice(0), hooks: this.#hooks.splice(0) };
  }

  /** Undoes every write newest first; an undo that throws is logged and the rest still run. */
  rollback(logger: Logger): void {
    this.#open = false;
    for (const undo of this.#undos.splice(0).reverse()) {
      try {
        undo();
      } catch (error) {
        logger.error('memory store: an undo failed during rollback', { error });
      }
    }
    this.#events.length = 0;
    this.#hooks.length = 0;
    this.#close();
  }

  #close(): void {
    this.#open = false;
    this.#undos.length = 0;
    for (const release of this.#onEnd.splice(0)) release();
  }

  #assertOpen(what: string): void {
    if (!this.#open) throw new Error(`memory store: ${what} called on a finished transaction`);
  }
}
