import { protocol, type PGlite, type Results } from '@electric-sql/pglite';
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
import { BackendAnswers, type RowShape, type StatementResult } from './backend-answers.js';
import { PreparedStatements } from './prepared-statements.js';

/**
 * Kysely on PGlite. Kysely ships a PGlite dialect only from 0.29, which
 * needs Node 22; the project runs on Node 20 with Kysely 0.28, so the
 * dialect is kept here (docs/decisions.md). PGlite has one connection,
 * handed to one holder at a time, from BEGIN to COMMIT or ROLLBACK for a
 * transaction (PgliteConnection batches what it is asked).
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

/** What the connection sends next: a transaction's start or end (simple queries), or a statement. */
type Step = { readonly control: 'begin' | 'commit' | 'rollback' } | { readonly sql: string; readonly parameters: readonly unknown[] };

interface Queued {
  readonly step: Step;
  readonly resolve: (result: StatementResult | Results<unknown>) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The one connection. Everything asked of it in one synchronous run
 * (BEGIN, the write-behind's deferred writes, the statement or COMMIT that
 * follows them: write-behind.ts, pipelined) goes to the backend in one
 * exchange, each statement ending in its own Sync as on PostgreSQL's
 * pipeline: a statement that fails aborts the transaction, the ones behind
 * it fail on the aborted transaction and COMMIT answers ROLLBACK. A
 * statement not yet prepared, and any other statement (DDL, savepoints),
 * first sends what is queued before it, then goes on its own.
 */
class PgliteConnection implements DatabaseConnection {
  readonly #prepared: PreparedStatements;
  readonly #answers = new BackendAnswers();
  readonly #queue: Queued[] = [];
  #flushing = false;

  constructor(private readonly pglite: PGlite) {
    this.#prepared = new PreparedStatements(pglite);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await this.#enqueue({ sql: compiledQuery.sql, parameters: compiledQuery.parameters });
    return { numAffectedRows: affectedRows == null ? undefined : BigInt(affectedRows), rows: (rows ?? []) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }

  async begin(): Promise<void> {
    await this.#enqueue({ control: 'begin' });
  }

  /** COMMIT (rejecting when the backend rolled back instead) or ROLLBACK; a rollback of a transaction the backend already ended sends nothing. */
  async end(commit: boolean): Promise<void> {
    if (!commit && this.#queue.length === 0 && !this.#flushing && !this.pglite.isInTransaction()) return;
    await this.#enqueue({ control: commit ? 'commit' : 'rollback' });
  }

  #enqueue(step: Step): Promise<StatementResult | Results<unknown>> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ step, resolve, reject });
      if (this.#flushing) return;
      this.#flushing = true;
      // After the current synchronous run, so everything it queued shares the exchange.
      queueMicrotask(() => void this.#flush());
    });
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch: Queued[] = [];
        while (this.#queue.length > 0 && this.#batchable(this.#queue[0]!.step)) batch.push(this.#queue.shift()!);
        if (batch.length > 0) await this.#send(batch);
        else await this.#alone(this.#queue.shift()!);
      }
    } finally {
      this.#flushing = false;
    }
  }

  #batchable(step: Step): boolean {
    return 'control' in step || (PreparedStatements.handles(step.sql) && this.#prepared.isPrepared(step.sql));
  }

  /** A statement that cannot join a batch: prepared first (it runs in the next batch), or run through PGlite's own query. */
  async #alone(queued: Queued): Promise<void> {
    const step = queued.step as Extract<Step, { sql: string }>;
    try {
      if (PreparedStatements.handles(step.sql)) {
        await this.#prepared.prepare(step.sql);
        this.#queue.unshift(queued);
        return;
      }
      await this.#prepared.beforeOther(step.sql);
      queued.resolve(await this.pglite.query(step.sql, step.parameters as unknown[], { rowMode: 'object' }));
    } catch (error) {
      queued.reject(error);
    }
  }

  async #send(batch: readonly Queued[]): Promise<void> {
    let answers: (StatementResult | Error)[];
    try {
      const parts = this.#prepared.planRefresh();
      // The row shape of each answer, in order: the plan refresh's and the control steps' have no rows.
      const shapes: (RowShape | undefined)[] = parts.map(() => undefined);
      for (const { step } of batch) {
        if ('control' in step) {
          parts.push(protocol.serialize.query(step.control));
          shapes.push(undefined);
        } else {
          parts.push(...this.#prepared.run(step.sql, step.parameters));
          shapes.push(this.#prepared.shapeOf(step.sql));
        }
      }
      await this.#answers.exchange(this.pglite, parts);
      answers = this.#answers.read(shapes);
    } catch (error) {
      for (const queued of batch) queued.reject(error);
      return;
    }
    // Each step's answer ends in a ReadyForQuery; the plan refresh's, if sent, comes first.
    if (answers.length > batch.length) answers.shift();
    for (const [index, queued] of batch.entries()) {
      const result = answers[index] ?? { rows: [], affectedRows: 0, command: undefined };
      if (result instanceof Error) queued.reject(result);
      else if ('control' in queued.step && queued.step.control === 'commit' && result.command === 'ROLLBACK') queued.reject(new Error('the PGlite transaction was rolled back at COMMIT: a statement in it failed'));
      else queued.resolve(result);
    }
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
