import { sql, type RawBuilder } from 'kysely';

/**
 * A write a repository hands to its transaction instead of running it (see
 * write-behind.ts). Only for writes whose result the caller does not need:
 * inserts of new rows, updates of rows the transaction already holds locked.
 */
export interface DeferredWrite {
  /** The table written: writes that could touch the same rows never share a statement. */
  readonly table: string;
  readonly kind: 'insert' | 'update';
  /** One INSERT or UPDATE statement without a RETURNING clause. */
  readonly statement: RawBuilder<unknown>;
  /** Rows it must affect; a different count fails the transaction (a bug, never client input). */
  readonly expectRows?: number;
  /** Names the write in that failure. */
  readonly what: string;
}

/**
 * Groups writes, in order, into as few statements as PostgreSQL allows. The
 * data-modifying CTEs of one statement all see the snapshot taken before
 * it, so an update of a table already written in the statement starts the
 * next one: it might be meant for rows written just before (invisible to
 * it) or update a row twice (an error). An insert can join anything: run
 * after the earlier writes or beside them, it creates the same new rows.
 */
export function groupWrites(writes: readonly DeferredWrite[]): DeferredWrite[][] {
  const groups: DeferredWrite[][] = [];
  let current: DeferredWrite[] = [];
  let tables = new Set<string>();
  for (const write of writes) {
    if (write.kind === 'update' && tables.has(write.table)) {
      groups.push(current);
      current = [];
      tables = new Set();
    }
    current.push(write);
    tables.add(write.table);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * One statement running every write of a group. A write with an expected
 * row count checks it in the statement itself (write_behind_check, a kernel
 * migration), so a mismatch aborts the transaction like any database error,
 * even when COMMIT was already sent behind the statement.
 */
export function groupStatement(group: readonly DeferredWrite[]): RawBuilder<Record<string, unknown>> {
  const name = (index: number) => sql.ref(`w${index}`);
  const parts = group.map((write, index) => sql`${name(index)} as (${write.statement} returning 1)`);
  const checks = group.map((write, index) =>
    write.expectRows === undefined
      ? sql`(select count(*) from ${name(index)}) as ${name(index)}`
      : sql`write_behind_check(${write.what}, (select count(*) from ${name(index)}), ${write.expectRows}) as ${name(index)}`,
  );
  return sql<Record<string, unknown>>`with ${sql.join(parts)} select ${sql.join(checks)}`;
}
