import { protocol, types, type PGlite } from '@electric-sql/pglite';

/** A result's columns as its RowDescription gives them, each with the parser of its type. */
export interface RowShape {
  readonly names: readonly string[];
  readonly types: readonly number[];
  readonly parsers: readonly (((text: string, type: number) => unknown) | undefined)[];
}

/** What one statement answered, as `PGlite.query` reports it (`parse.parseResults`'s first result set). */
export interface StatementResult {
  readonly rows: Record<string, unknown>[];
  readonly affectedRows: number;
  /** The command tag's first word (`COMMIT`, `ROLLBACK`, `INSERT` …); undefined when the backend sent none. */
  readonly command: string | undefined;
}

/** The command tags whose row count is an affected-rows count, as parse.parseResults counts them. */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The answer buffer kept between exchanges; one grown past it for a large answer is dropped at the next exchange, as PGlite does with its own. */
const KEPT_BYTES = 64 * 1024;

const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const ERROR = 0x45; // E
const READY_FOR_QUERY = 0x5a; // Z

/** The shape of the rows that `fields` (a RowDescription's, by name and type) describe, with `pglite`'s parsers. */
export function rowShape(pglite: PGlite, fields: readonly { readonly name: string; readonly dataTypeID: number }[]): RowShape {
  return {
    names: fields.map(({ name }) => name),
    types: fields.map(({ dataTypeID }) => dataTypeID),
    parsers: fields.map(({ dataTypeID }) => pglite.parsers[dataTypeID] ?? types.parsers[dataTypeID]),
  };
}

/**
 * The backend's answers to one exchange, read straight from its bytes.
 * PGlite's own path copies each chunk the backend writes twice, parses it
 * into message objects with an ArrayBuffer copy per string (pg-protocol),
 * copies the whole answer once more, and builds rows from those messages
 * (`parse.parseResults`): about an eighth of the embedded service's CPU
 * (docs/benchmarks.md). Here each chunk is copied once, into a buffer kept
 * from one exchange to the next, and the statements' results are decoded
 * from it field by field, with each prepared statement's row shape known
 * from its Parse, so a run needs no Describe. Errors (rare) are decoded by
 * pg-protocol, so they carry the same fields (code, constraint, detail …)
 * as everywhere else.
 */
export class BackendAnswers {
  #buffer = Buffer.allocUnsafe(KEPT_BYTES);
  #length = 0;

  /**
   * The exchange of `parts` (one message) with the backend, under PGlite's query lock;
   * what it answers is kept for `read`. PGlite's file system sync is not
   * asked for: on Node and in memory it does nothing (PostgreSQL's own
   * writes reach the files as it makes them).
   */
  async exchange(pglite: PGlite, parts: readonly Uint8Array[]): Promise<void> {
    const message = joined(parts);
    await pglite._runExclusiveQuery(async () => {
      this.#length = 0;
      if (this.#buffer.length > KEPT_BYTES) this.#buffer = Buffer.allocUnsafe(KEPT_BYTES);
      await pglite.execProtocolRawStream(message, { syncToFs: false, onRawData: this.#collect });
    });
  }

  /** A chunk of the answer, a view of the backend's memory valid only during the call: copied. */
  readonly #collect = (bytes: Uint8Array): void => {
    const needed = this.#length + bytes.length;
    if (needed > this.#buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(needed, this.#buffer.length * 2));
      this.#buffer.copy(larger, 0, 0, this.#length);
      this.#buffer = larger;
    }
    this.#buffer.set(bytes, this.#length);
    this.#length = needed;
  };

  /**
   * The last exchange's answers, one per ReadyForQuery: a statement's
   * result, or the error that ended it. `shapes[i]` is the row shape of the
   * i-th answer's rows (a prepared statement's, known from its Parse); the
   * exchange is run without Describe, so no RowDescription comes with them,
   * and a statement with no shape (BEGIN, COMMIT) answers no rows.
   */
  read(shapes: readonly (RowShape | undefined)[]): (StatementResult | Error)[] {
    const buffer = this.#buffer;
    const answers: (StatementResult | Error)[] = [];
    let shape = shapes[0];
    let rows: Record<string, unknown>[] = [];
    let affectedRows = 0;
    let command: string | undefined;
    let error: Error | undefined;
    let offset = 0;
    while (offset + 5 <= this.#length) {
      const code = buffer[offset]!;
      const end = offset + 1 + buffer.readInt32BE(offset + 1);
      const body = offset + 5;
      if (error === undefined) {
        if (code === DATA_ROW) {
          if (shape) rows.push(dataRow(buffer, body, shape));
          else error = new Error('PGlite: rows of a statement whose row shape is not known');
        } else if (code === COMMAND_COMPLETE) [command, affectedRows] = commandTag(buffer.toString('utf8', body, end - 1));
        else if (code === ERROR) error = databaseError(buffer.subarray(offset, end));
      }
      if (code === READY_FOR_QUERY) {
        answers.push(error ?? { rows, affectedRows, command });
        shape = shapes[answers.length];
        rows = [];
        affectedRows = 0;
        command = undefined;
        error = undefined;
      }
      offset = end;
    }
    return answers;
  }
}

/** One DataRow's fields, parsed by their column's type, keyed by column name. */
function dataRow(buffer: Buffer, at: number, shape: RowShape): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const count = buffer.readInt16BE(at);
  let offset = at + 2;
  for (let i = 0; i < count; i += 1) {
    const length = buffer.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      row[shape.names[i]!] = null;
      continue;
    }
    const text = buffer.toString('utf8', offset, offset + length);
    offset += length;
    const parse = shape.parsers[i];
    row[shape.names[i]!] = parse ? parse(text, shape.types[i]!) : text;
  }
  return row;
}

/** A command tag's command and affected rows ("INSERT 0 5" → INSERT, 5; "SELECT 2" → SELECT, 0). */
function commandTag(tag: string): [string, number] {
  const space = tag.indexOf(' ');
  const command = space === -1 ? tag : tag.slice(0, space);
  return [command, AFFECTING.has(command) ? Number.parseInt(tag.slice(tag.lastIndexOf(' ') + 1), 10) : 0];
}

/** An ErrorResponse as pg-protocol decodes it (a DatabaseError with PostgreSQL's fields). */
function databaseError(message: Uint8Array): Error {
  let decoded: unknown;
  new protocol.Parser().parse(new Uint8Array(message), (parsed) => (decoded = parsed));
  return decoded instanceof Error ? decoded : new Error('PGlite: an error answer that did not decode');
}

/** The parts of one message to the backend, as one buffer. */
export function joined(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
