import { sql } from 'kysely';
import net from 'node:net';
import pg from 'pg';
import sinon from 'sinon';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import type { DeferredWrite } from '../../adapters/sql/deferred-writes.js';
import { FixedStatement } from '../../adapters/sql/fixed-sql.js';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import type { StoreBundle } from '../../adapters/store.js';
import type { OpenStore } from '../contracts/harness.js';

const TABLE = sql.raw('write_behind_test_rows');

const insert = (id: string, value: string): DeferredWrite => ({
  table: 'write_behind_test_rows',
  kind: 'insert',
  statement: sql`insert into ${TABLE} (id, value) values (${id}, ${value})`,
  what: `insert ${id}`,
});

/** The same writes as fixed texts (fixed-sql.ts): rows as arrays, a scalar before them. */
const FIXED_INSERT = new FixedStatement((rows) => `insert into write_behind_test_rows (id, value) select * from ${rows}`, [['v', [['id', 'text'], ['value', 'text']]]]);
const FIXED_UPDATE = new FixedStatement(
  (rows) => `update write_behind_test_rows as t set value = $1 || v.suffix from ${rows} where t.id = v.id`,
  [['v', [['id', 'text'], ['suffix', 'text']]]],
  1,
);

/** Reads the plan mode the statement runs under (generic-plans.ts). */
const FIXED_PLAN_MODE = new FixedStatement(() => `select current_setting('plan_cache_mode') as mode -- fixed`);

const update = (id: string, value: string, expectRows?: number): DeferredWrite => ({
  table: 'write_behind_test_rows',
  kind: 'update',
  statement: sql`update ${TABLE} set value = ${value} where id = ${id}`,
  what: `update ${id}`,
  ...(expectRows === undefined ? {} : { expectRows }),
});

async function rows(store: StoreBundle): Promise<Record<string, string>> {
  const found = await store.unitOfWork.run(async (tx) => (await sql<{ id: string; value: string }>`select id, value from ${TABLE} order by id`.execute(sqlTx(tx).db)).rows);
  return Object.fromEntries(found.map((row) => [row.id, row.value]));
}

/** Deferred writes on a SQL store (adapters/sql/write-behind.ts): invisible to behaviour, visible in round trips. */
export function writeBehindSuite(label: string, open: OpenStore): void {
  const test = suite(`${label}: write-behind`);
  let store: StoreBundle;

  test.before.each(async () => {
    store = await open();
    await store.init();
    await store.truncateAll();
    await store.unitOfWork.run(async (tx) => {
      await sql`create table if not exists ${TABLE} (id text primary key, value text not null)`.execute(sqlTx(tx).db);
      await sql`truncate ${TABLE}`.execute(sqlTx(tx).db);
    });
  });
  test.after.each(() => store.close());

  test('a deferred write is seen by the next statement of its transaction', async () => {
    const seen = await store.unitOfWork.run(async (tx) => {
      sqlTx(tx).defer(insert('a', 'one'));
      sqlTx(tx).defer(update('a', 'two', 1));
      return (await sql<{ value: string }>`select value from ${TABLE} where id = 'a'`.execute(sqlTx(tx).db)).rows[0]?.value;
    });
    assert.is(seen, 'two');
    assert.equal(await rows(store), { a: 'two' });
  });

  test('a write that affects another number of rows than expected fails the run and leaves nothing, though COMMIT followed it', async () => {
    await store.unitOfWork
      .run(async (tx) => {
        sqlTx(tx).defer(insert('kept?', 'no'));
        sqlTx(tx).defer(update('missing', 'x', 1));
      })
      .then(
        () => assert.unreachable('the run committed'),
        (error: Error) => assert.match(error.message, /update missing: 0 rows written, 1 expected/),
      );
    assert.equal(await rows(store), {});
  });

  test('a deferred write refused by the database (duplicate key) rolls back the whole transaction', async () => {
    await store.unitOfWork.run(async (tx) => sqlTx(tx).defer(insert('a', 'first')));
    await store.unitOfWork
      .run(async (tx) => {
        sqlTx(tx).defer(insert('b', 'second'));
        await tx.append([{ type: 'test.event', teamId: 't', aggregateType: 'x', aggregateId: '1', payload: {} }]);
        sqlTx(tx).defer(insert('a', 'again'));
      })
      .then(
        () => assert.unreachable('the run committed'),
        (error: Error) => assert.match(error.message, /duplicate key/),
      );
    assert.equal(await rows(store), { a: 'first' });
    assert.equal(await store.eventStore.readAfter(0n, 10), []);
  });

  test('inside a transaction fixed statements and write groups are planned generically, built ones by the server\'s default', async () => {
    const modes = await store.unitOfWork.run(async (tx) => {
      const db = sqlTx(tx).db;
      const built = async () => (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db)).rows[0]!.mode;
      const fixed = async () => (await FIXED_PLAN_MODE.run<{ mode: string }>(db, [])).rows[0]!.mode;
      const seen = [await built(), await fixed(), await fixed(), await built()];
      sqlTx(tx).defer({ table: 'write_behind_test_rows', kind: 'insert', statement: sql`insert into ${TABLE} (id, value) values ('group', current_setting('plan_cache_mode'))`, what: 'group' });
      return seen;
    });
    assert.equal(modes, ['auto', 'force_generic_plan', 'force_generic_plan', 'auto']);
    assert.equal(await rows(store), { group: 'force_generic_plan' });
    // SET LOCAL ends with its transaction: the next one, and a statement outside any, start from the default.
    const fresh = await store.unitOfWork.run(async (tx) => (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(sqlTx(tx).db)).rows[0]!.mode);
    assert.is(fresh, 'auto');
    const outside = await store.unitOfWork.readOnly(async (tx) => (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(sqlTx(tx).db)).rows[0]!.mode);
    assert.is(outside, 'auto');
  });

  test('fixed and built writes share one statement, each with its own parameters and row check', async () => {
    await store.unitOfWork.run(async (tx) => {
      sqlTx(tx).defer({ table: 'write_behind_test_rows', kind: 'insert', statement: FIXED_INSERT.bind([], [['a', 'one'], ['b', 'two']]), what: 'fixed insert' });
      sqlTx(tx).defer(insert('c', 'three'));
      await tx.append([{ type: 'test.event', teamId: 't', aggregateType: 'x', aggregateId: '1', payload: {} }]);
    });
    assert.equal(await rows(store), { a: 'one', b: 'two', c: 'three' });
    for (const [ids, expected] of [[['a', 'c'], 2], [['b'], 1]] as const) {
      // The same group twice (its text reused), with other parameters each time.
      await store.unitOfWork.run(async (tx) => {
        sqlTx(tx).defer({
          table: 'write_behind_test_rows',
          kind: 'update',
          statement: FIXED_UPDATE.bind(['x-'], ids.map((id) => [id, id])),
          expectRows: expected,
          what: 'fixed update',
        });
        sqlTx(tx).defer(insert(`new-${ids[0]}`, 'n'));
      });
    }
    assert.equal(await rows(store), { a: 'x-a', b: 'x-b', c: 'x-c', 'new-a': 'n', 'new-b': 'n' });
    await store.unitOfWork
      .run(async (tx) => {
        sqlTx(tx).defer(insert('d', 'four'));
        sqlTx(tx).defer({ table: 'write_behind_test_rows', kind: 'update', statement: FIXED_UPDATE.bind(['y-'], [['zz', 'z']]), expectRows: 1, what: 'fixed update' });
      })
      .then(
        () => assert.unreachable('the run committed'),
        (error: Error) => assert.match(error.message, /fixed update: 0 rows written, 1 expected/),
      );
    assert.not.ok('d' in (await rows(store)));
  });

  if (label === 'postgres') {
    test('a read, writes to two tables and events cost two round trips and two socket writes: BEGIN with the read, the write statement (generically planned) with COMMIT', async () => {
      await store.unitOfWork.run(async (tx) => sqlTx(tx).defer(insert('a', 'first')));
      const wire: string[] = [];
      const original = pg.Client.prototype.query;
      const writes = [sinon.spy(net.Socket.prototype as any, '_write'), sinon.spy(net.Socket.prototype as any, '_writev')];
      const queries = sinon.stub(pg.Client.prototype, 'query').callsFake(function (this: pg.Client, ...args: any[]) {
        const word = String(typeof args[0] === 'string' ? args[0] : args[0].text).trim().split(/\s+/)[0]!.toLowerCase();
        wire.push(`send ${word}`);
        const answer = (original as any).apply(this, args) as Promise<unknown>;
        void answer.then(() => wire.push(`answer ${word}`), () => wire.push(`failed ${word}`));
        return answer;
      });
      try {
        await store.unitOfWork.run(async (tx) => {
          await sql`select value from ${TABLE} where id = 'a' for update`.execute(sqlTx(tx).db);
          sqlTx(tx).defer(update('a', 'second', 1));
          sqlTx(tx).defer(insert('b', 'new'));
          await tx.append([{ type: 'test.event', teamId: 't', aggregateType: 'x', aggregateId: '1', payload: {} }]);
        });
      } finally {
        queries.restore();
        for (const spy of writes) spy.restore();
      }
      // Each pair is sent before the first of it is answered, and in one socket write.
      assert.equal(wire, ['send begin', 'send select', 'answer begin', 'answer select', 'send set', 'send with', 'send commit', 'answer set', 'answer with', 'answer commit']);
      assert.is(writes[0]!.callCount + writes[1]!.callCount, 2);
      assert.equal(await rows(store), { a: 'second', b: 'new' });
    });
  }

  test.run();
}
