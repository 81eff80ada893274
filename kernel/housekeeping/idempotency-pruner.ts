import type { Clock } from '../../ports/clock.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import type { PeriodicTask } from '../../ports/scheduler.js';

export interface IdempotencyPrunerOptions {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
  /** Saved responses younger than this are never deleted (the promise to clients: at least 24 h). */
  readonly retentionMs: number;
  readonly intervalMs: number;
}

/**
 * Deletes saved Idempotency-Key responses once they are older than the
 * retention, so the table does not grow without bound. A Scheduler task:
 * every serving process may run it (the delete is idempotent).
 */
export class IdempotencyPruner implements PeriodicTask {
  readonly name = 'kernel.prune-idempotency-keys';

  constructor(private readonly options: IdempotencyPrunerOptions) {}

  get intervalMs(): number {
    return this.options.intervalMs;
  }

  /** Deletes what has passed the retention now; returns how many records went. */
  run(): Promise<number> {
    return this.options.store.prune(new Date(this.options.clock.now().getTime() - this.options.retentionMs));
  }
}
