import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Logger } from '../../ports/logger.js';
import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import { EventsCommittedListeners, runAfterCommitHooks } from '../memory/after-commit.js';
import { mappingStoreErrors } from './client-data-errors.js';
import { type RetryPolicy, withRetry } from './retry.js';
import type { EventWriter } from './sql-event-store.js';
import { SqlReadOnlyTx } from './sql-read-only-tx.js';
import { SqlTxImpl } from './sql-tx-impl.js';
import { WriteBehindConnection } from './write-behind.js';

export interface SqlUnitOfWorkOptions {
  readonly dialect: 'postgres' | 'pglite';
  readonly logger: Logger;
  /** PostgreSQL only: PGlite runs one transaction at a time and cannot deadlock. */
  readonly retry?: RetryPolicy;
  readonly events: EventWriter;
}

/**
 * The only holder of the root Kysely handle. Work gets the open transaction
 * (SqlTx.db); a nested `run` in the same async context joins it through
 * AsyncLocalStorage, so an operation wrapped by the edge's
 * idempotency unit of work commits together with the saved response.
 *
 * On PostgreSQL the outermost `run` retries the whole work on 40001/40P01,
 * so work must not have effects outside the transaction except through
 * afterCommit hooks (which run only for the attempt that committed).
 * Outside any transaction, a data exception only a client's value can cause
 * becomes a 422 (client-data-errors.ts); inside one it propagates as it is
 * to the outermost call, which maps it once.
 */
export class SqlUnitOfWork implements UnitOfWork {
  readonly #current = new AsyncLocalStorage<SqlTxImpl>();
  readonly #eventsCommitted: EventsCommittedListeners;
  #closed = false;

  constructor(
    private readonly root: Kysely<any>,
    private readonly options: SqlUnitOfWorkOptions,
  ) {
    this.#eventsCommitted = new EventsCommittedListeners(options.logger);
  }

  get dialect(): 'postgres' | 'pglite' {
    return this.options.dialect;
  }

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const joined = this.current();
    if (joined) return work(joined);
    if (this.#closed) throw new Error('sql store: the unit of work is closed');
    const once = () => this.#runOnce(work);
    const { retry } = this.options;
    return mappingStoreErrors(this.options.logger, () => (this.options.dialect !== 'postgres' || !retry ? once() : withRetry(retry, this.options.logger, once)));
  }

  /**
   * PostgreSQL: the work gets the root handle (autocommit statements from the
   * pool). PGlite has one connection and no round trips to save, so the work
   * runs in an ordinary transaction there, behind the same read-only face.
   */
  async readOnly<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const joined = this.current();
    if (joined) return work(joined);
    if (this.#closed) throw new Error('sql store: the unit of work is closed');
    if (this.options.dialect !== 'postgres') return this.run((tx) => work(new SqlReadOnlyTx((tx as SqlTxImpl).db, this.options.dialect)));
    return mappingStoreErrors(this.options.logger, () => work(new SqlReadOnlyTx(this.root, this.options.dialect)));
  }

  async #runOnce<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let tx: SqlTxImpl | undefined;
    let result: T;
    try {
      result = await this.root.transaction().execute(async (trx) => {
        tx = new SqlTxImpl(trx, this.options.dialect, this.options.events);
        const open = tx;
        await trx.getExecutor().provideConnection(async (connection) => {
          if (!(connection instanceof WriteBehindConnection)) throw new Error('sql store: the dialect must be wrapped with writeBehind()');
          open.bind(connection);
        });
        return this.#current.run(open, () => work(open));
      });
    } catch (error) {
      tx?.finish();
      throw error;
    }
    // Committed: only now may the hooks of this attempt run.
    const appended = tx!.appendedEvents;
    runAfterCommitHooks(tx!.finish(), this.options.logger);
    if (appended) this.#eventsCommitted.committed();
    return result;
  }

  inTransaction(): boolean {
    return this.current() !== undefined;
  }

  onEventsCommitted(listener: () => void): () => void {
    return this.#eventsCommitted.subscribe(listener);
  }

  /** The transaction open in this async context, if any. */
  current(): SqlTxImpl | undefined {
    const tx = this.#current.getStore();
    return tx?.isOpen ? tx : undefined;
  }

  /**
   * Runs a read on the transaction open in this async context, else on the
   * root handle. Reading through the root while this context holds a
   * transaction would deadlock on PGlite (one connection) and read outside
   * the transaction on PostgreSQL.
   */
  read<T>(query: (db: Kysely<any>) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('sql store: the unit of work is closed'));
    const open = this.current();
    if (open) return query(open.db);
    return mappingStoreErrors(this.options.logger, () => query(this.root));
  }

  /** For the store's own migrator, upkeep (vacuum-analyze.ts) and test helpers, never handed to plugins. */
  withRoot<T>(use: (db: Kysely<any>) => Promise<T>): Promise<T> {
    if (this.current()) {
      return Promise.reject(new Error('sql store: schema changes cannot run inside a unit of work'));
    }
    return use(this.root);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.root.destroy();
  }
}
