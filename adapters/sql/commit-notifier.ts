import type { Logger } from '../../ports/logger.js';

/**
 * Tells other processes that events committed: one NOTIFY at a time per
 * process, sent after the commit on a pooled connection, with every commit
 * that lands meanwhile folded into the next one. A NOTIFY issued inside each
 * committing transaction (a trigger) would make every commit queue for
 * PostgreSQL's notification lock; here at most one statement per process
 * does. Listeners only need to know "something new", never how much, so
 * after a send the next waits `gapMs` (50 ms; listeners also poll): under
 * load one NOTIFY covers the commits of that gap instead of costing a round
 * trip per commit.
 */
export class CommitNotifier {
  #sending = false;
  #again = false;

  constructor(
    private readonly send: () => Promise<void>,
    private readonly logger: Logger,
    private readonly gapMs = 50,
  ) {}

  signal(): void {
    if (this.#sending) {
      this.#again = true;
      return;
    }
    this.#sending = true;
    void this.#loop();
  }

  async #loop(): Promise<void> {
    try {
      do {
        this.#again = false;
        try {
          await this.send();
        } catch (error) {
          // Listeners still poll; a lost wake-up only delays them.
          this.logger.warn('events NOTIFY failed', { error: String(error) });
        }
        if (this.#again && this.gapMs > 0) await new Promise((resolve) => setTimeout(resolve, this.gapMs).unref());
      } while (this.#again);
    } finally {
      this.#sending = false;
    }
  }
}
