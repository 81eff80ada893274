import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { joined, rowShape, type RowShape } from './backend-answers.js';

/** Statements kept prepared at once; the least recently used is closed beyond this. */
const CAPACITY = 256;

/** Statements whose text is worth keeping: data statements, whose result shape no later statement of theirs changes. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** Statements that may change a table's columns or a type, and with them a prepared statement's result. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|do)\b/i;

/**
 * How long a plan PostgreSQL keeps may stay in use. PGlite has no
 * autovacuum to ANALYZE a growing table, and ANALYZE is what drops the
 * plans made from its earlier size; instead every kept plan is dropped
 * (`DISCARD PLANS`) at most this long after the last time, so the next run
 * plans again from the tables' current sizes (the planner reads a table's
 * block count at each planning). A plan made while a table held a handful
 * of rows (a scan of its one page) serves for at most this long.
 */
const PLAN_LIFETIME_MS = 1_000;

/** What one exchange with the backend answered, message by message (errors included, in their place). */
export type BackendMessages = Parameters<typeof parse.parseResults>[0];

interface Prepared {
  readonly name: string;
  /** The type of each parameter, as PostgreSQL inferred it at Parse. */
  readonly parameterTypes: readonly number[];
  /** Its rows' columns, from the Describe after its Parse (none for a statement that returns no rows). */
  readonly shape: RowShape | undefined;
}

/**
 * Named prepared statements on PGlite, one per distinct text of a data
 * statement, so a statement of the hot path is parsed and analysed once,
 * not on every call; a run is Bind, Execute and Sync, which the
 * connection (pglite-dialect.ts) sends together with whatever else is due
 * in one exchange with the WebAssembly backend, where `PGlite.query` makes
 * six (Parse, Describe, Bind, Describe, Execute, Sync), each with its own
 * promise and protocol parse. The rows' shape is the one described once
 * after Parse (backend-answers.ts reads them). Values are serialised and
 * rows parsed as `PGlite.query` does (the instance's serializers and
 * parsers). A
 * statement that may change the schema clears the cache first, so no
 * prepared statement outlives a change to its result's shape.
 *
 * PostgreSQL keeps a generic plan for a statement (ours, and those of the
 * foreign-key checks and functions it runs) once it costs no more than the
 * custom plans did; the plans are dropped every PLAN_LIFETIME_MS.
 *
 * Prepared statements are not transactional: one parsed inside a
 * transaction that later rolls back stays valid. Only a successful Parse
 * enters the cache.
 */
export class PreparedStatements {
  readonly #prepared = new Map<string, Prepared>();
  #next = 0;
  #plansDroppedAt = Date.now();

  constructor(private readonly pglite: PGlite) {}

  /** Whether `sql` runs through the cache; other statements go through `PGlite.query`. */
  static handles(sql: string): boolean {
    return DATA_STATEMENT.test(sql);
  }

  /** Before a statement that is not a data statement: forget (and close) every prepared statement when it may change the schema. */
  async beforeOther(sql: string): Promise<void> {
    if (!SCHEMA_CHANGE.test(sql) || this.#prepared.size === 0) return;
    const names = [...this.#prepared.values()].map(({ name }) => name);
    this.#prepared.clear();
    await this.exchange([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()], true);
  }

  /** Whether `sql` is prepared already, so its run can be built without an exchange of its own. */
  isPrepared(sql: string): boolean {
    return this.#prepared.has(sql);
  }

  /** Prepares `sql` (one exchange); rejects with PostgreSQL's error when it does not parse. */
  async prepare(sql: string): Promise<void> {
    if (this.#prepared.has(sql)) return;
    const name = `open_bank_${(this.#next += 1)}`;
    const evicted = this.#prepared.size >= CAPACITY ? this.#prepared.entries().next().value : undefined;
    // Parse first: when it fails, the backend skips to Sync and the evicted statement stays as it was.
    const messages = await this.exchange(
      [
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        ...(evicted ? [protocol.serialize.close({ type: 'S', name: evicted[1].name })] : []),
        protocol.serialize.sync(),
      ],
      true,
    );
    if (evicted) this.#prepared.delete(evicted[0]);
    const described = messages.find((message) => message instanceof protocol.messages.RowDescriptionMessage);
    this.#prepared.set(sql, {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      shape: described && rowShape(this.pglite, described.fields),
    });
  }

  /** The shape of a prepared `sql`'s rows (undefined when it returns none). */
  shapeOf(sql: string): RowShape | undefined {
    return this.#prepared.get(sql)?.shape;
  }

  /**
   * The messages that run a prepared `sql` with `parameters`, ending in
   * their own Sync: a failure ends there, and a later statement of the same
   * exchange meets the aborted transaction, as on a pipelined connection.
   */
  run(sql: string, parameters: readonly unknown[]): Uint8Array[] {
    const prepared = this.#prepared.get(sql);
    if (!prepared) throw new Error('PGlite: a statement run before it was prepared');
    // Most recently used last, so the first entry is the one to evict.
    this.#prepared.delete(sql);
    this.#prepared.set(sql, prepared);
    const values = parameters.map((value, i) => this.#serialise(value, prepared.parameterTypes[i]!));
    return [protocol.serialize.bind({ statement: prepared.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()];
  }

  /** `DISCARD PLANS` when the kept plans are PLAN_LIFETIME_MS old, to go first in the next exchange; else nothing. */
  planRefresh(): Uint8Array[] {
    if (Date.now() - this.#plansDroppedAt < PLAN_LIFETIME_MS) return [];
    this.#plansDroppedAt = Date.now();
    return [protocol.serialize.query('discard plans')];
  }

  /** As `PGlite.query`: null stays null, a type with a serializer uses it, anything else its text. */
  #serialise(value: unknown, type: number): string | Uint8Array | null {
    if (value === null || value === undefined) return null;
    const serialise = this.pglite.serializers[type];
    return serialise ? (serialise(value) as string) : String(value);
  }

  /**
   * One message to the backend (a Parse, a Close), under PGlite's query lock, read by PGlite. With
   * `throwOnError` it rejects with PostgreSQL's first error (the backend
   * is at Sync again by then); without, errors come back in their place.
   * PGlite's file system sync is not asked for: on Node and in memory it
   * does nothing (PostgreSQL's own writes reach the files as it makes them).
   */
  async exchange(parts: readonly Uint8Array[], throwOnError: boolean): Promise<BackendMessages> {
    const message = joined(parts);
    return this.pglite._runExclusiveQuery(async () => (await this.pglite.execProtocol(message, { syncToFs: false, throwOnError })).messages);
  }
}
