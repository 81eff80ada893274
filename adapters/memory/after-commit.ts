import type { Logger } from '../../ports/logger.js';

/**
 * afterCommit hooks only wake things up (runners, subscribers); the data is
 * already committed, so a failing hook is logged and never undoes the commit
 * or skips the hooks after it.
 */
export function runAfterCommitHooks(hooks: ReadonlyArray<() => void>, logger: Logger): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      logger.error('afterCommit hook failed', { error });
    }
  }
}

/** The subscribers of a unit of work's "events committed" hook (UnitOfWork.onEventsCommitted). */
export class EventsCommittedListeners {
  #listeners: ReadonlyArray<() => void> = [];

  constructor(private readonly logger: Logger) {}

  subscribe(listener: () => void): () => void {
    // Copy on write: a commit runs the list without allocating, subscribing is rare.
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((entry) => entry !== listener);
    };
  }

  committed(): void {
    runAfterCommitHooks(this.#listeners, this.logger);
  }
}
