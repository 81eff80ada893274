import type pg from 'pg';

interface Corkable {
  cork?(): void;
  uncork?(): void;
}

/** Statement texts seen, and the names of those kept prepared. Shared by every pool client: one text, one name. */
const MAX_PREPARED = 1000;
const seen = new Map<string, string | null>();
let prepared = 0;

/**
 * The name under which `text` is prepared, once it has been seen before.
 * Statements built from row arrays (adapters/sql/unnest.ts) have one text
 * whatever the batch, so the hot ones get parsed and planned once per
 * connection. Texts that vary still work, unprepared; at most MAX_PREPARED
 * names exist, so a stream of one-off texts cannot grow the server's memory.
 */
function statementName(text: string): string | undefined {
  const name = seen.get(text);
  if (name) return name;
  if (name === undefined) {
    if (seen.size < 4 * MAX_PREPARED) seen.set(text, null);
    return undefined;
  }
  if (prepared >= MAX_PREPARED) return undefined;
  prepared += 1;
  const assigned = `bank_${prepared}`;
  seen.set(text, assigned);
  return assigned;
}

/**
 * Tunes a pool client as it connects. Its socket's writes are held until the
 * end of the current tick, so queries issued together (in pipeline mode:
 * BEGIN with a transaction's first statement, deferred writes with COMMIT)
 * leave in one write instead of one system call each; a lone query waits
 * only for the synchronous code that issued it. And a statement text seen
 * before is sent as a named prepared statement.
 */
export function tuneClient(client: pg.ClientBase): void {
  const stream = (client as unknown as { connection?: { stream?: Corkable } }).connection?.stream;
  // The class's own query, looked up per call (so a test's stub of the prototype still sees every query).
  const query = (...args: unknown[]): unknown => (Object.getPrototypeOf(client).query as (...a: unknown[]) => unknown).apply(client, args);
  let corked = false;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (!corked && stream?.cork && stream.uncork) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork!();
      });
    }
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = statementName(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}
