import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { planGenerically } from './generic-plans.js';
import { cell, type Column } from './unnest.js';

/** A statement's text and its parameters, sent as they are: no query builder between them and the driver. */
export interface FixedSql {
  readonly text: string;
  readonly parameters: readonly unknown[];
}

/** A set of rows a FixedStatement takes: its alias in the text and its columns. */
export type RowSet = readonly [alias: string, columns: readonly Column[]];

/**
 * A statement written once, for the hot path. Its text is fixed when the
 * module loads and a call only binds parameters, so no query tree is built
 * or compiled per call and the driver keeps the text prepared
 * (postgres/client-tuning.ts), planned once, generically, inside a
 * transaction (generic-plans.ts): write a statement whose best plan depends
 * on its values (a time window, a rare status) with the query builder
 * instead. Rows travel as one array parameter per
 * column, as with unnestRows: `template` receives each row set's SQL
 * (`unnest($k::type[], …) as alias (name, …)`), numbered after `scalars`
 * plain parameters ($1…$scalars) and the sets before it. Texts use `$n`
 * only as placeholders (no `$` followed by a digit in a literal): a write's
 * placeholders are renumbered when it joins a group statement
 * (deferred-writes.ts).
 */
export class FixedStatement {
  readonly text: string;

  constructor(
    template: (...rows: string[]) => string,
    private readonly sets: readonly RowSet[] = [],
    private readonly scalars = 0,
  ) {
    let next = scalars + 1;
    const rows = sets.map(([alias, columns]) => {
      const args = columns.map(([, type], index) => `$${next + index}::${type}[]`).join(', ');
      next += columns.length;
      return `unnest(${args}) as ${alias} (${columns.map(([name]) => `"${name}"`).join(', ')})`;
    });
    this.text = template(...rows);
    planGenerically(this.text);
  }

  /** The statement with `scalars` ($1…) and each set's rows (one array per column). */
  bind(scalars: readonly unknown[], ...rows: readonly (readonly (readonly unknown[])[])[]): FixedSql {
    if (scalars.length !== this.scalars || rows.length !== this.sets.length) {
      throw new TypeError(`expected ${this.scalars} scalars and ${this.sets.length} row sets, got ${scalars.length} and ${rows.length}`);
    }
    const parameters: unknown[] = [...scalars];
    this.sets.forEach(([, columns], set) => {
      for (let column = 0; column < columns.length; column++) parameters.push(rows[set]!.map((row) => cell(row[column])));
    });
    return { text: this.text, parameters };
  }

  /** Runs it in `db` (a transaction's handle, so write-behind and pipelining apply). */
  run<R>(db: Kysely<any>, scalars: readonly unknown[], ...rows: readonly (readonly (readonly unknown[])[])[]): Promise<QueryResult<R>> {
    const bound = this.bind(scalars, ...rows);
    return db.executeQuery<R>(CompiledQuery.raw(bound.text, [...bound.parameters]));
  }
}

/** Shifts every `$n` placeholder of `text` by `offset` (a fixed write joining a group statement). */
export function shiftPlaceholders(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}
