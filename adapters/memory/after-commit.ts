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
      logger.error('afterCommit hook failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
