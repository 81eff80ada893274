import { sql, type RawBuilder } from 'kysely';

/** A column of a row set: its name and PostgreSQL type. */
export type Column = readonly [name: string, type: string];

/**
 * Rows as a set PostgreSQL can join or insert from: one array parameter per
 * column (`unnest($1::text[], $2::numeric[]) as v (a, b)`) instead of a
 * VALUES list with a parameter per cell. The statement's text is then the
 * same whatever the number of rows, so the driver can keep it prepared
 * (parsed and planned once per connection), and building it costs the same
 * for one row as for a hundred. Bigints travel as decimal text.
 */
export function unnestRows(alias: string, columns: readonly Column[], rows: readonly (readonly unknown[])[]): RawBuilder<unknown> {
  const arrays = columns.map((_, index) => rows.map((row) => cell(row[index])));
  const args = columns.map(([, type], index) => sql`${arrays[index]}::${sql.raw(type)}[]`);
  const names = columns.map(([name]) => sql.ref(name));
  return sql`unnest(${sql.join(args)}) as ${sql.ref(alias)} (${sql.join(names)})`;
}

/** A cell as the driver sends it: bigints as decimal text. */
export function cell(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
