import type { Kysely } from 'kysely';
import type { NewEvent } from '../../kernel/contract/event.js';
import type { DeferredWrite } from './deferred-writes.js';
import type { SqlTx } from './sql-tx.js';

/** What `readOnly` hands to work on PostgreSQL: the root handle, so each statement autocommits; no events, no hooks. */
export class SqlReadOnlyTx implements SqlTx {
  readonly store = 'sql' as const;

  constructor(
    readonly db: Kysely<any>,
    readonly dialect: 'postgres' | 'pglite',
  ) {}

  async append(_events: readonly NewEvent[]): Promise<void> {
    throw new Error('sql store: append inside readOnly; state changes and their events belong in run()');
  }

  defer(_write: DeferredWrite): void {
    throw new Error('sql store: a write inside readOnly; state changes belong in run()');
  }

  afterCommit(_hook: () => void): void {
    throw new Error('sql store: afterCommit inside readOnly; there is no commit');
  }
}
