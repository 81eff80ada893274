import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { DEFAULT_PLANS, GENERIC_PLANS, isPlannedGenerically } from './generic-plans.js';

/** The transaction on a connection: hands over its deferred writes, as statements, when a statement or COMMIT is due. */
export interface WriteOwner {
  takeWrites(): CompiledQuery[];
}

/**
 * Write-behind for SQL transactions. Repositories may defer a write whose
 * result they do not need (an insert of new rows, an update of rows the
 * transaction holds locked); the transaction's deferred writes go out in as
 * few statements as possible (data-modifying CTEs) just before its next
 * statement, or with its COMMIT. Every read still sees every write of its
 * own transaction, so deferring changes no behaviour, only the number of
 * round trips.
 *
 * On PostgreSQL the connection also pipelines (pg's pipeline mode): BEGIN
 * goes out with the first statement, deferred writes with the statement or
 * COMMIT that follows them, each group in one socket write, and the answers
 * are read in order; on PGlite each group is one exchange with the backend. A write that fails aborts the transaction, so whatever
 * was pipelined behind it fails too (COMMIT answers ROLLBACK) and the
 * write's own error is reported.
 *
 * Inside a transaction the connection also sets the plan mode each
 * statement wants (generic-plans.ts): a SET LOCAL goes out, in the same
 * write, only where the mode changes, so a transaction of hot-path
 * statements sends one.
 */
export class WriteBehindConnection implements DatabaseConnection {
  #owner: WriteOwner | undefined;
  /** BEGIN, not yet sent: it goes out with the transaction's first statement. */
  #begin: (() => Promise<void>) | undefined;
  /** The plan mode the open transaction has set; a transaction starts with the server's default. */
  #planMode: 'default' | 'generic' | 'unknown' = 'default';

  constructor(
    readonly inner: DatabaseConnection,
    private readonly pipelined: boolean,
  ) {}

  /** The transaction now using this connection (undefined when it ends). */
  attach(owner: WriteOwner | undefined): void {
    this.#owner = owner;
    this.#planMode = 'default';
  }

  /** A rollback to a savepoint may have undone a SET LOCAL: the next statement sets its mode again. */
  forgetPlanMode(): void {
    this.#planMode = 'unknown';
  }

  /** Sends BEGIN; on a pipelined connection only together with the next statement, in the same write. */
  async begin(send: () => Promise<void>): Promise<void> {
    if (!this.pipelined) return send();
    this.#begin = send;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#send(() => this.inner.executeQuery<R>(compiledQuery), compiledQuery.sql);
  }

  /**
   * Runs `last` (COMMIT, rollback or any statement, whose text is `text`)
   * after what is due before it: BEGIN, deferred writes and the plan modes
   * they and `last` want.
   */
  async #send<T>(last: () => Promise<T>, text?: string): Promise<T> {
    const before: CompiledQuery[] = [];
    for (const write of this.#owner?.takeWrites() ?? []) {
      this.#setPlanModeFor(write.sql, before);
      before.push(write);
    }
    if (text !== undefined) this.#setPlanModeFor(text, before);
    if (!this.pipelined) {
      for (const statement of before) await this.inner.executeQuery(statement);
      return last();
    }
    // Everything below is issued in one synchronous run, so the socket carries it in one write (postgres/client-tuning.ts).
    const begin = this.#begin;
    this.#begin = undefined;
    const begun = begin?.();
    const sent = before.map((statement) => this.inner.executeQuery(statement));
    const final = last();
    const settled = await Promise.allSettled([begun ?? Promise.resolve(), ...sent, final]);
    // The first failure in wire order is the cause; later ones only followed from it.
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    return (settled[settled.length - 1] as PromiseFulfilledResult<T>).value;
  }

  /** Adds to `before` the SET LOCAL that gives `text` its plan mode, if the transaction is not in it already. */
  #setPlanModeFor(text: string, before: CompiledQuery[]): void {
    if (!this.#owner) return;
    const mode = isPlannedGenerically(text) ? 'generic' : 'default';
    if (mode === this.#planMode) return;
    before.push(mode === 'generic' ? GENERIC_PLANS : DEFAULT_PLANS);
    this.#planMode = mode;
  }

  /** COMMIT (or rollback) through the driver, after what is still due. */
  finish(end: () => Promise<void>): Promise<void> {
    return this.#send(end);
  }

  /** Drops whatever is still due (the transaction rolls back); false when BEGIN never went out. */
  abandon(): boolean {
    this.#owner?.takeWrites();
    const begun = this.#begin === undefined;
    this.#begin = undefined;
    return begun;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.#send(async () => {}, compiledQuery.sql);
    yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WriteBehindConnection ? connection.inner : connection;
}

/** The dialect's driver, handing out WriteBehindConnections and giving the real ones back to the driver. */
class WriteBehindDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, WriteBehindConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly pipelined: boolean,
  ) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint) this.savepoint = (connection, name, compile) => savepoint.call(inner, innerOf(connection), name, compile);
    if (rollbackToSavepoint) {
      this.rollbackToSavepoint = async (connection, name, compile) => {
        await rollbackToSavepoint.call(inner, innerOf(connection), name, compile);
        if (connection instanceof WriteBehindConnection) connection.forgetPlanMode();
      };
    }
    if (releaseSavepoint) this.releaseSavepoint = (connection, name, compile) => releaseSavepoint.call(inner, innerOf(connection), name, compile);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = new WriteBehindConnection(connection, this.pipelined);
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const real = innerOf(connection);
    const send = (): Promise<void> => this.inner.beginTransaction(real, settings);
    return connection instanceof WriteBehindConnection ? connection.begin(send) : send();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    const real = innerOf(connection);
    const send = (): Promise<void> => this.inner.commitTransaction(real);
    return connection instanceof WriteBehindConnection ? connection.finish(send) : send();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A transaction that sent nothing has nothing to roll back (and no BEGIN on the server).
    if (connection instanceof WriteBehindConnection && !connection.abandon()) return;
    await this.inner.rollbackTransaction(innerOf(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof WriteBehindConnection) connection.attach(undefined);
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * `dialect` with write-behind connections (WriteBehindConnection).
 * `pipelined` only where the driver sends queries without waiting for the
 * previous answer: pg with `pipeline: true`, and PGlite's connection, which
 * sends what one synchronous run asked of it in one exchange
 * (pglite-dialect.ts).
 */
export function writeBehind(dialect: Dialect, options: { readonly pipelined: boolean }): Dialect {
  return {
    createDriver: (): Driver => new WriteBehindDriver(dialect.createDriver(), options.pipelined),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
