import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { PreparedStatements } from './prepared-statements.js';

/**
 * Kysely on PGlite. Kysely ships a PGlite dialect only from 0.29, which
 * needs Node 22; the project runs on Node 20 with Kysely 0.28, so the
 * dialect is kept here (docs/decisions.md). PGlite has one connection,
 * handed to one holder at a time; a transaction runs inside
 * `pglite.transaction()`, which holds PGlite's exclusive lock until the
 * callback returns, so COMMIT and ROLLBACK settle that callback.
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PgliteAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PgliteAdapter extends PostgresAdapter {
  // The migrator holds the only connection from acquiring the lock to releasing it: nothing else can run meanwhile.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

class PgliteDriver implements Driver {
  readonly #connection: PgliteConnection;
  /** Resolves when the one connection is free again; each acquire queues behind the previous holder. */
  #free: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    if (this.pglite.closed) throw new Error('the PGlite instance is already closed');
    await this.pglite.waitReady;
  }

  /**
   * One holder at a time: a statement outside a transaction would otherwise
   * run inside whichever transaction is open on the one connection.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#free;
    let release!: () => void;
    this.#free = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as PgliteConnection).begin();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as PgliteConnection).end(true);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as PgliteConnection).end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoted(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

interface OpenTransaction {
  readonly tx: Transaction;
  /** Settles the transaction callback: true commits, false rolls back. */
  readonly settle: (commit: boolean) => void;
  /** The transaction callback's own promise (rejects when COMMIT fails). */
  readonly closed: Promise<void>;
}

class PgliteConnection implements DatabaseConnection {
  #open: OpenTransaction | undefined;
  readonly #prepared: PreparedStatements;

  constructor(private readonly pglite: PGlite) {
    this.#prepared = new PreparedStatements(pglite);
  }

  /** Data statements run prepared (prepared-statements.ts); any other (DDL, savepoints) through PGlite's own query. */
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    let result: Results<R>;
    if (PreparedStatements.handles(sql)) {
      result = await this.#prepared.execute<R>(sql, parameters, this.#open !== undefined);
    } else {
      await this.#prepared.beforeOther(sql);
      result = await (this.#open?.tx ?? this.pglite).query<R>(sql, parameters as unknown[], { rowMode: 'object' });
    }
    const { affectedRows, rows } = result;
    return { numAffectedRows: affectedRows == null ? undefined : BigInt(affectedRows), rows: rows ?? [] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }

  async begin(): Promise<void> {
    let settle!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (settle = resolve));
    let begun!: (tx: Transaction) => void;
    const started = new Promise<Transaction>((resolve) => (begun = resolve));
    const closed = this.pglite.transaction(async (tx) => {
      begun(tx);
      if (!(await decided)) await tx.rollback();
    });
    // BEGIN itself may fail, and then the callback never runs.
    const tx = await Promise.race([started, closed.then(() => Promise.reject(new Error('the PGlite transaction ended before it began')))]);
    this.#open = { tx, settle, closed };
  }

  async end(commit: boolean): Promise<void> {
    const open = this.#open;
    this.#open = undefined;
    if (!open) return;
    open.settle(commit);
    if (commit) await open.closed;
    else await open.closed.catch(() => {});
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
