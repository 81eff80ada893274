import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PgliteDialect } from './pglite-dialect.js';

/**
 * The dialect's own promises, on an in-memory PGlite: one holder of the
 * connection at a time, COMMIT and ROLLBACK settling PGlite's transaction,
 * and a failing COMMIT reported to the caller.
 */
let db: Kysely<any>;
test.before(async () => {
  db = new Kysely<any>({ dialect: new PgliteDialect(await PGlite.create('memory://')) });
  await sql`create table t (n int primary key, later int references t (n) deferrable initially deferred)`.execute(db);
});
test.before.each(async () => {
  await sql`truncate t`.execute(db);
});
test.after(async () => {
  await db.destroy();
});

/** The message a promise rejects with (fails the test when it resolves). */
async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
}

const count = async (on: Kysely<any> = db) => Number((await sql<{ c: number }>`select count(*)::int as c from t`.execute(on)).rows[0]!.c);

test('a statement outside a transaction waits until the open transaction ends, and never runs inside it', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    await sql`insert into t (n) values (1)`.execute(trx);
    inserted();
    await held;
    throw new Error('roll back');
  });
  await insertedOnce;
  const outside = count();
  release();
  assert.is(await failure(transaction), 'roll back');
  assert.is(await outside, 0, 'the outside read ran after the rollback, not inside the transaction');
});

test('a committed transaction is visible afterwards; transactions queue behind each other', async () => {
  await Promise.all([1, 2, 3].map((n) => db.transaction().execute((trx) => sql`insert into t (n) values (${n})`.execute(trx))));
  assert.is(await count(), 3);
});

test('a COMMIT that fails (a deferred constraint) rejects and leaves nothing behind', async () => {
  assert.match(await failure(db.transaction().execute((trx) => sql`insert into t (n, later) values (1, 99)`.execute(trx))), 'foreign key');
  assert.is(await count(), 0);
  await db.transaction().execute((trx) => sql`insert into t (n) values (2)`.execute(trx));
  assert.is(await count(), 1, 'the connection is usable after the failed COMMIT');
});

test.run();
