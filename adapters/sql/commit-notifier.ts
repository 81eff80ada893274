import type { Logger } from '../../ports/logger.js';

/**
 * Tells other processes that events committed: one NOTIFY at a time per
 * process, sent after the commit on a pooled connection, with every commit
 * that lands meanwhile folded into the next one. A NOTIFY issued inside each
 * committing transaction (a trigger) would make every commit queue for
 * PostgreSQL's notification lock; here at most one statement per process
 * does. Listeners only need to know "something new", never how much, so
 * every send is followed by `gapMs` (50 ms; listeners also poll) in which
 * commits only mark that one more send is due: under load one NOTIFY covers
 * the commits of that gap, at most about 20 a second, instead of one round
 * trip per commit. An idle notifier sends at once.
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
          this.logger.warn('events NOTIFY failed', { error });
        }
        // The gap follows every send, not only one that had signals during it: commits that arrive
        // just after a send would otherwise each start a send of their own (117 a second measured).
        if (this.gapMs > 0) await new Promise((resolve) => setTimeout(resolve, this.gapMs).unref());
      } while (this.#again);
    } finally {
      this.#sending = false;
    }
  }
}
