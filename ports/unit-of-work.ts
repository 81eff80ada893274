import type { NewEvent } from '../kernel/contract/event.js';
import { token } from '../kernel/contract/token.js';

/**
 * One database transaction as the application sees it. Store adapters extend
 * it with their own handle (a Kysely transaction, an undo log); a plugin's
 * repositories for that store unwrap it. Nothing here is framework-specific.
 */
export interface Tx {
  readonly store: 'memory' | 'sql';
  /** Appends events to the append-only event store, committed with this transaction. */
  append(events: readonly NewEvent[]): Promise<void>;
  /** Runs after a successful commit (wake a runner, notify subscribers). Never for correctness. */
  afterCommit(hook: () => void): void;
}

/**
 * Runs work in one transaction: every state change, its events and its
 * workflow step record commit together or not at all. A nested `run` joins
 * the transaction already open in the same async context.
 */
export interface UnitOfWork {
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs reads without a transaction of their own where the store allows it
   * (PostgreSQL: each statement sees the latest committed state, one round
   * trip instead of BEGIN … COMMIT). Inside an open unit of work it joins
   * that transaction; outside one, `append` and `afterCommit` throw: state
   * changes and their events belong in `run`.
   */
  readOnly<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** True while a unit of work is open in this async context (a `run` here would join it). */
  inTransaction(): boolean;
  /**
   * The one "events committed" hook: `listener` runs after every commit that
   * appended events (wake this process's event stream and consumers; on
   * PostgreSQL, tell other processes). A wake-up, never for correctness: a
   * failing listener is logged. Returns the function that unsubscribes it.
   */
  onEventsCommitted(listener: () => void): () => void;
  /** Releases connections (called once at shutdown). */
  close(): Promise<void>;
}
export const UnitOfWork = token<UnitOfWork>('kernel.unit-of-work');
