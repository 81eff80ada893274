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
 */
export class WriteBehindConnection implements DatabaseConnection {
  #owner: WriteOwner | undefined;
  /** BEGIN, not yet sent: it goes out with the transaction's first statement. */
  #begin: (() => Promise<void>) | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly pipelined: boolean,
  ) {}

  /** The transaction now using this connection (undefined when it ends). */
  attach(owner: WriteOwner | undefined): void {
    this.#owner = owner;
  }

  /** Sends BEGIN; on a pipelined connection only together with the next statement, in the same write. */
  async begin(send: () => Promise<void>): Promise<void> {
    if (!this.pipelined) return send();
    this.#begin = send;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#send(() => this.inner.executeQuery<R>(compiledQuery));
  }

  /** Runs `last` (COMMIT, rollback or any statement) after what is due before it: BEGIN and deferred writes. */
  async #send<T>(last: () => Promise<T>): Promise<T> {
    const writes = this.#owner?.takeWrites() ?? [];
    if (!this.pipelined) {
      for (const write of writes) await this.inner.executeQuery(write);
      return last();
    }
    // Everything below is issued in one synchronous run, so the socket carries it in one write (postgres/client-tuning.ts).
    const begin = this.#begin;
    this.#begin = undefined;
    const begun = begin?.();
    const sent = writes.map((write) => this.inner.executeQuery(write));
    const final = last();
    const settled = await Promise.allSettled([begun ?? Promise.resolve(), ...sent, final]);
    // The first failure in wire order is the cause; later ones only followed from it.
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    return (settled[settled.length - 1] as PromiseFulfilledResult<T>).value;
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
    await this.#send(async () => {});
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
    if (rollbackToSavepoint) this.rollbackToSavepoint = (connection, name, compile) => rollbackToSavepoint.call(inner, innerOf(connection), name, compile);
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
