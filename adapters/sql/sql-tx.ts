import type { Kysely } from 'kysely';
import type { Tx } from '../../ports/unit-of-work.js';
import type { DeferredWrite } from './deferred-writes.js';

/**
 * The SQL store's transaction: repositories query through `db`, which is the
 * open Kysely transaction. Only the unit of work holds the root handle, so a
 * repository cannot query outside the transaction it was given.
 */
export interface SqlTx<Database = any> extends Tx {
  readonly store: 'sql';
  /** Typed by the caller's own table interfaces (`sqlTx<NotesTables>(tx)`), untyped by default. */
  readonly db: Kysely<Database>;
  /** 'postgres' or 'pglite': for the few statements that differ (advisory locks). */
  readonly dialect: 'postgres' | 'pglite';
  /**
   * Runs `write` later, with the transaction's other deferred writes, before
   * its next statement or its COMMIT (write-behind.ts). For writes whose
   * result the caller does not need; a wrong row count fails the transaction.
   */
  defer(write: DeferredWrite): void;
}

export function sqlTx<Database = any>(tx: Tx): SqlTx<Database> {
  if (tx.store !== 'sql') throw new TypeError(`expected a SQL transaction, got ${tx.store}`);
  return tx as SqlTx<Database>;
}
