import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** Statements kept prepared at once; the least recently used is closed beyond this. */
const CAPACITY = 256;

/** Statements whose text is worth keeping: data statements, whose result shape no later statement of theirs changes. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** Statements that may change a table's columns or a type, and with them a prepared statement's result. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|do)\b/i;

interface Prepared {
  readonly name: string;
  /** The type of each parameter, as PostgreSQL inferred it at Parse. */
  readonly parameterTypes: readonly number[];
}

/**
 * Runs statements on PGlite as named prepared statements, one per distinct
 * text, so a statement of the hot path is parsed and analysed once, not on
 * every call (the store plans every run afresh: pglite-store.ts), and each
 * call is one exchange with the WebAssembly backend
 * (Bind, Describe, Execute, Sync in one message) where `PGlite.query`
 * makes six (Parse, Describe, Bind, Describe, Execute, Sync), each with its
 * own promise and protocol parse. Values are serialised and rows parsed
 * exactly as `PGlite.query` does (the instance's serializers and parsers).
 * A statement that may change the schema clears the cache first, so no
 * prepared statement outlives a change to its result's shape.
 *
 * Prepared statements are not transactional: one parsed inside a
 * transaction that later rolls back stays valid. Only a successful Parse
 * enters the cache.
 */
export class PreparedStatements {
  readonly #prepared = new Map<string, Prepared>();
  #next = 0;

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
    await this.#exchange([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()], false);
  }

  /** Runs `sql` with `parameters`; `inTransaction` skips PGlite's sync to its file system, as `PGlite.query` does inside one. */
  async execute<R>(sql: string, parameters: readonly unknown[], inTransaction: boolean): Promise<Results<R>> {
    const prepared = this.#prepared.get(sql) ?? (await this.#prepare(sql));
    // Most recently used last, so the first entry is the one to evict.
    this.#prepared.delete(sql);
    this.#prepared.set(sql, prepared);
    const values = parameters.map((value, i) => this.#serialise(value, prepared.parameterTypes[i]!));
    const messages = await this.#exchange(
      [
        protocol.serialize.bind({ statement: prepared.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ],
      !inTransaction,
    );
    return parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' })[0] as Results<R>;
  }

  async #prepare(sql: string): Promise<Prepared> {
    const name = `open_bank_${(this.#next += 1)}`;
    const evicted = this.#prepared.size >= CAPACITY ? this.#prepared.entries().next().value : undefined;
    // Parse first: when it fails, the backend skips to Sync and the evicted statement stays as it was.
    const messages = await this.#exchange(
      [
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        ...(evicted ? [protocol.serialize.close({ type: 'S', name: evicted[1].name })] : []),
        protocol.serialize.sync(),
      ],
      false,
    );
    if (evicted) this.#prepared.delete(evicted[0]);
    const prepared = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(sql, prepared);
    return prepared;
  }

  /** As `PGlite.query`: null stays null, a type with a serializer uses it, anything else its text. */
  #serialise(value: unknown, type: number): string | Uint8Array | null {
    if (value === null || value === undefined) return null;
    const serialise = this.pglite.serializers[type];
    return serialise ? (serialise(value) as string) : String(value);
  }

  /** One message to the backend, under PGlite's query lock; rejects with PostgreSQL's error (the backend is at Sync again by then). */
  async #exchange(parts: readonly Uint8Array[], syncToFs: boolean): Promise<Parameters<typeof parse.parseResults>[0]> {
    const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      message.set(part, offset);
      offset += part.length;
    }
    return this.pglite._runExclusiveQuery(async () => (await this.pglite.execProtocol(message, { syncToFs })).messages);
  }
}
