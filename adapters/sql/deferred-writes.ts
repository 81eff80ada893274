import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { shiftPlaceholders, type FixedSql } from './fixed-sql.js';
import { planGenerically } from './generic-plans.js';

/**
 * A write a repository hands to its transaction instead of running it (see
 * write-behind.ts). Only for writes whose result the caller does not need:
 * inserts of new rows, updates of rows the transaction already holds locked.
 */
export interface DeferredWrite {
  /** The table written: writes that could touch the same rows never share a statement. */
  readonly table: string;
  readonly kind: 'insert' | 'update';
  /**
   * One INSERT or UPDATE statement without a RETURNING clause: built with
   * kysely's `sql`, or a FixedStatement's bound text (the hot path's
   * writes, which skip the query builder).
   */
  readonly statement: RawBuilder<unknown> | FixedSql;
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

/** Group texts by the texts of their writes: the same writes in the same order always make the same statement. */
const groupTexts = new Map<string, string>();
const MAX_GROUP_TEXTS = 1_000;

/**
 * One statement running every write of a group. A write with an expected
 * row count checks it in the statement itself (write_behind_check, a kernel
 * migration), so a mismatch aborts the transaction like any database error,
 * even when COMMIT was already sent behind the statement. The group's text
 * is assembled once per combination of write texts and then reused, so a
 * group of fixed writes costs no query building at all. Its writes are
 * keyed inserts and updates, so it is planned generically (generic-plans.ts).
 */
export function groupStatement(group: readonly DeferredWrite[], db: Kysely<any>): CompiledQuery {
  const parts = group.map((write) => fixedOf(write.statement, db));
  const parameters: unknown[] = [];
  for (const [index, part] of parts.entries()) {
    parameters.push(...part.parameters);
    if (group[index]!.expectRows !== undefined) parameters.push(group[index]!.what, group[index]!.expectRows);
  }
  const key = parts.map((part, index) => `${group[index]!.expectRows === undefined ? '-' : '+'}${part.parameters.length}:${part.text}`).join('\u0000');
  let text = groupTexts.get(key);
  if (text === undefined) {
    text = groupText(group, parts);
    // Texts vary only with the combination of writes, a handful per store; the bound keeps a mistake from growing without end.
    if (groupTexts.size < MAX_GROUP_TEXTS) groupTexts.set(key, text);
    planGenerically(text);
  }
  return CompiledQuery.raw(text, parameters);
}

function groupText(group: readonly DeferredWrite[], parts: readonly FixedSql[]): string {
  const ctes: string[] = [];
  const checks: string[] = [];
  let offset = 0;
  for (const [index, part] of parts.entries()) {
    ctes.push(`"w${index}" as (${shiftPlaceholders(part.text, offset)} returning 1)`);
    offset += part.parameters.length;
    if (group[index]!.expectRows === undefined) checks.push(`(select count(*) from "w${index}") as "w${index}"`);
    else {
      checks.push(`write_behind_check($${offset + 1}, (select count(*) from "w${index}"), $${offset + 2}) as "w${index}"`);
      offset += 2;
    }
  }
  return `with ${ctes.join(', ')} select ${checks.join(', ')}`;
}

function fixedOf(statement: RawBuilder<unknown> | FixedSql, db: Kysely<any>): FixedSql {
  if ('text' in statement) return statement;
  const compiled = statement.compile(db);
  return { text: compiled.sql, parameters: compiled.parameters };
}
