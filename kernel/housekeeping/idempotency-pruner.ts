import type { Clock } from '../../ports/clock.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Logger } from '../../ports/logger.js';

export interface IdempotencyPrunerOptions {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Saved responses younger than this are never deleted (the promise to clients: at least 24 h). */
  readonly retentionMs: number;
  readonly intervalMs: number;
}

/**
 * Deletes saved Idempotency-Key responses once they are older than the
 * retention, so the table does not grow without bound. Runs in the
 * background of a serving process; every process may run it (the delete is
 * idempotent).
 */
export class IdempotencyPruner {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(private readonly options: IdempotencyPrunerOptions) {}

  /** Deletes what has passed the retention now; returns how many records went. */
  async pruneNow(): Promise<number> {
    const cutoff = new Date(this.options.clock.now().getTime() - this.options.retentionMs);
    const deleted = await this.options.store.prune(cutoff);
    if (deleted > 0) this.options.logger.info('idempotency keys pruned', { deleted, before: cutoff.toISOString() });
    return deleted;
  }

  startBackground(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.pruneNow()
        .catch((error: unknown) => {
          this.options.logger.error('idempotency prune failed', { error: String(error) });
          return 0;
        })
        .finally(() => {
          this.#running = undefined;
        });
    }, this.options.intervalMs);
    this.#timer.unref();
  }

  async stopBackground(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
