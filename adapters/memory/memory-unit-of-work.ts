import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import { EventsCommittedListeners, runAfterCommitHooks } from './after-commit.js';
import { AsyncMutex } from './async-mutex.js';
import type { MemoryEventStore } from './memory-event-store.js';
import { MemoryReadOnlyTx } from './memory-read-only-tx.js';
import { MemoryTxImpl } from './memory-tx-impl.js';

/**
 * Units of work on the memory store run one at a time under one mutex. A
 * nested `run` in the same async context (found through AsyncLocalStorage)
 * joins the open transaction: re-taking the mutex there would deadlock.
 */
export class MemoryUnitOfWork implements UnitOfWork {
  readonly #mutex = new AsyncMutex();
  readonly #current = new AsyncLocalStorage<MemoryTxImpl>();
  readonly #eventsCommitted: EventsCommittedListeners;
  #closed = false;

  constructor(
    private readonly events: MemoryEventStore,
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly logger: Logger,
  ) {
    this.#eventsCommitted = new EventsCommittedListeners(logger);
  }

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const joined = this.#current.getStore();
    // A finished transaction can still sit in the async context of a timer the work left behind.
    if (joined?.isOpen) return work(joined);
    if (this.#closed) throw new Error('memory store: the unit of work is closed');

    const release = await this.#mutex.lock();
    const tx = new MemoryTxImpl(this.clock, this.ids);
    let result: T;
    try {
      result = await this.#current.run(tx, () => work(tx));
    } catch (error) {
      tx.rollback(this.logger);
      release();
      throw error;
    }
    const { events, hooks } = tx.commit();
    this.events.publish(events);
    release();
    runAfterCommitHooks(hooks, this.logger);
    if (events.length > 0) this.#eventsCommitted.committed();
    return result;
  }

  inTransaction(): boolean {
    return this.current() !== undefined;
  }

  onEventsCommitted(listener: () => void): () => void {
    return this.#eventsCommitted.subscribe(listener);
  }

  /** Memory reads need the mutex anyway (no dirty reads): an ordinary unit whose transaction refuses events. */
  readOnly<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const joined = this.#current.getStore();
    if (joined?.isOpen) return work(joined);
    return this.run((tx) => work(new MemoryReadOnlyTx(tx as MemoryTxImpl)));
  }

  /**
   * Runs `fn` with no other unit of work in progress: inside the caller's open
   * transaction if there is one, else under the mutex. Reads use it so they
   * never see another transaction's uncommitted writes.
   */
  async exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.#current.getStore()?.isOpen) return fn();
    const release = await this.#mutex.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** The transaction open in this async context, if any. */
  current(): MemoryTxImpl | undefined {
    const tx = this.#current.getStore();
    return tx?.isOpen ? tx : undefined;
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}
