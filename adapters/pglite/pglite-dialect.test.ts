import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, sql, type DatabaseConnection, type Driver } from 'kysely';
import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PgliteDialect } from './pglite-dialect.js';
import { pgliteParsers } from './pglite-parsers.js';

/**
 * The dialect's own promises, on an in-memory PGlite: one holder of the
 * connection at a time, COMMIT and ROLLBACK ending the transaction, a
 * failing COMMIT reported to the caller, and what one synchronous run asks
 * sent in one exchange with a pipeline's failure semantics.
 */
let db: Kysely<any>;
test.before(async () => {
  db = new Kysely<any>({ dialect: new PgliteDialect(await PGlite.create('memory://', { parsers: pgliteParsers })) });
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

test('prepared statements: values and rows as PGlite.query has them, repeated and across transactions', async () => {
  await sql`create table typed (id bigint primary key, amount numeric, tags text[], doc jsonb, at timestamptz)`.execute(db);
  try {
    const at = new Date('2026-01-02T03:04:05.678Z');
    for (let round = 0; round < 8; round += 1) {
      const id = 9_007_199_254_740_993n + BigInt(round);
      await db.transaction().execute((trx) =>
        sql`insert into typed (id, amount, doc, at) select * from unnest(${[String(id)]}::bigint[], ${['12345678901234567890.01']}::numeric[], ${[JSON.stringify({ round })]}::jsonb[], ${[at]}::timestamptz[])`.execute(trx),
      );
      const { rows } = await sql<any>`select id, amount, doc, at from typed where id = ${String(id)}`.execute(db);
      assert.equal(rows, [{ id: String(id), amount: '12345678901234567890.01', doc: { round }, at }]);
    }
    const updated = await sql`update typed set tags = ${['a', 'b']} where id > ${'0'}`.execute(db);
    assert.is(updated.numAffectedRows, 8n);
    assert.equal((await sql<any>`select distinct tags from typed`.execute(db)).rows, [{ tags: ['a', 'b'] }]);
  } finally {
    await sql`drop table typed`.execute(db);
  }
});

test('prepared statements: a schema change is seen by the next run of a statement prepared before it', async () => {
  await sql`insert into t (n) values (1)`.execute(db);
  const star = () => sql<any>`select * from t`.execute(db);
  assert.equal((await star()).rows, [{ n: 1, later: null }]);
  await sql`alter table t add column note text default 'x'`.execute(db);
  try {
    assert.equal((await star()).rows, [{ n: 1, later: null, note: 'x' }]);
  } finally {
    await sql`alter table t drop column note`.execute(db);
  }
  assert.equal((await star()).rows, [{ n: 1, later: null }]);
});

test('prepared statements: a failing statement rolls its transaction back, and it and others run again afterwards', async () => {
  const insert = (trx: Kysely<any>, n: number) => sql`insert into t (n) values (${n})`.execute(trx);
  assert.match(
    await failure(
      db.transaction().execute(async (trx) => {
        await insert(trx, 1);
        await insert(trx, 1);
      }),
    ),
    'duplicate key',
  );
  assert.match(await failure(sql`select no_such_column from t`.execute(db)), 'no_such_column');
  assert.is(await count(), 0);
  await db.transaction().execute((trx) => insert(trx, 2));
  assert.is(await count(), 1);
});

test('prepared statements: more distinct statements than the cache holds all keep answering', async () => {
  await sql`insert into t (n) values (7)`.execute(db);
  for (let round = 0; round < 2; round += 1) {
    for (let i = 0; i < 300; i += 1) {
      const { rows } = await sql<{ v: number }>`select n + ${i}::int as v from t where ${sql.raw(String(i))} >= 0`.execute(db);
      assert.equal(rows, [{ v: 7 + i }]);
    }
  }
});

/** A driver of its own on a fresh PGlite, used as the write-behind uses the connection (steps asked without awaiting). */
async function onDriver(use: (driver: Driver, connection: DatabaseConnection, pglite: PGlite) => Promise<void>): Promise<void> {
  const pglite = await PGlite.create('memory://', { parsers: pgliteParsers });
  const driver = new PgliteDialect(pglite).createDriver();
  try {
    await driver.init();
    const connection = await driver.acquireConnection();
    await connection.executeQuery(CompiledQuery.raw('create table u (n int primary key)'));
    // Prepared once, so the runs below need no exchange of their own.
    await connection.executeQuery(insert(100));
    await connection.executeQuery(CompiledQuery.raw('delete from u'));
    await use(driver, connection, pglite);
  } finally {
    await driver.destroy();
  }
}

const insert = (n: number) => CompiledQuery.raw('insert into u (n) values ($1)', [n]);
const rowsOf = async (connection: DatabaseConnection) => (await connection.executeQuery<{ n: number }>(CompiledQuery.raw('select n from u order by n'))).rows.map((row) => row.n);

test('BEGIN, statements and COMMIT asked in one synchronous run go to the backend in one exchange', async () => {
  await onDriver(async (driver, connection, pglite) => {
    const exchanges = sinon.spy(pglite, 'execProtocolRawSync');
    try {
      await Promise.all([driver.beginTransaction(connection, {}), connection.executeQuery(insert(1)), connection.executeQuery(insert(2)), driver.commitTransaction(connection)]);
      assert.is(exchanges.callCount, 1);
    } finally {
      exchanges.restore();
    }
    assert.equal(await rowsOf(connection), [1, 2]);
  });
});

test('in one exchange, a failing statement aborts the transaction: the statements behind it fail, COMMIT rejects, nothing stays', async () => {
  await onDriver(async (driver, connection) => {
    const settled = await Promise.allSettled([
      driver.beginTransaction(connection, {}),
      connection.executeQuery(insert(1)),
      connection.executeQuery(insert(1)),
      connection.executeQuery(insert(2)),
      driver.commitTransaction(connection),
    ]);
    assert.equal(
      settled.map((one) => one.status),
      ['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected'],
    );
    const duplicate = (settled[2] as PromiseRejectedResult).reason as { message: string; code: string; constraint: string };
    assert.match(duplicate.message, 'duplicate key');
    assert.equal([duplicate.code, duplicate.constraint], ['23505', 'u_pkey'], "PostgreSQL's error fields, as pg-protocol gives them");
    assert.match(String((settled[3] as PromiseRejectedResult).reason), 'current transaction is aborted');
    assert.match(String((settled[4] as PromiseRejectedResult).reason), 'rolled back at COMMIT');
    // The backend already ended the transaction: the rollback a caller asks for then sends nothing and does not fail.
    await driver.rollbackTransaction(connection);
    assert.equal(await rowsOf(connection), []);
    await Promise.all([driver.beginTransaction(connection, {}), connection.executeQuery(insert(3)), driver.commitTransaction(connection)]);
    assert.equal(await rowsOf(connection), [3], 'the connection is usable afterwards');
  });
});

test('rows and counts read from the backend: nulls, text beyond ASCII, a row count per statement, none for a select', async () => {
  await sql`create table texts (id int primary key, label text, amount bigint)`.execute(db);
  try {
    const insert = (id: number, label: string | null) => sql`insert into texts (id, label, amount) values (${id}, ${label}, ${'9007199254740993'}) on conflict do nothing`.execute(db);
    assert.is((await insert(1, 'grüße, 東京 €')).numAffectedRows, 1n);
    assert.is((await insert(2, null)).numAffectedRows, 1n);
    assert.is((await insert(2, 'again')).numAffectedRows, 0n);
    const updated = await sql`update texts set amount = amount + 1 where id >= ${0}`.execute(db);
    assert.is(updated.numAffectedRows, 2n);
    const read = await sql<any>`select id, label, amount from texts where id >= ${0} order by id`.execute(db);
    assert.equal(read.rows, [
      { id: 1, label: 'grüße, 東京 €', amount: '9007199254740994' },
      { id: 2, label: null, amount: '9007199254740994' },
    ]);
    assert.is(read.numAffectedRows, 0n);
  } finally {
    await sql`drop table texts`.execute(db);
  }
});

test('an answer larger than the buffer the connection keeps (64 KiB), then small ones', async () => {
  for (let round = 0; round < 2; round += 1) {
    const { rows } = await sql<{ n: number; pad: string }>`select g as n, repeat('x', 200) as pad from generate_series(1, ${5_000}::int) g`.execute(db);
    assert.is(rows.length, 5_000);
    assert.equal(rows[4_999], { n: 5_000, pad: 'x'.repeat(200) });
    assert.equal((await sql<{ one: number }>`select ${1}::int as one`.execute(db)).rows, [{ one: 1 }]);
  }
});

test.run();
