import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { groupStatement, groupWrites, type DeferredWrite } from './deferred-writes.js';
import { FixedStatement } from './fixed-sql.js';

const write = (table: string, kind: DeferredWrite['kind'], expectRows?: number): DeferredWrite => ({
  table,
  kind,
  statement: sql`select 1`,
  what: `${kind} ${table}`,
  ...(expectRows === undefined ? {} : { expectRows }),
});
const shape = (groups: DeferredWrite[][]) => groups.map((group) => group.map((w) => w.what));

test('writes to different tables share one statement', () => {
  assert.equal(shape(groupWrites([write('a', 'update'), write('b', 'insert'), write('c', 'update')])), [['update a', 'insert b', 'update c']]);
});

test('inserts join anything; an update of a table already written starts a new statement', () => {
  assert.equal(shape(groupWrites([write('a', 'insert'), write('a', 'insert'), write('a', 'update'), write('a', 'insert')])), [
    ['insert a', 'insert a'],
    ['update a', 'insert a'],
  ]);
  assert.equal(shape(groupWrites([write('a', 'update'), write('b', 'insert'), write('a', 'update')])), [['update a', 'insert b'], ['update a']]);
});

const compiler = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const FIXED = new FixedStatement((rows) => `insert into a (x, y) select * from ${rows}`, [['v', [['x', 'text'], ['y', 'numeric']]]]);
const SCALAR = new FixedStatement((rows) => `update b set at = $1 from ${rows} where b.id = v.id`, [['v', [['id', 'text']]]], 1);

test('a group statement numbers every part\'s parameters after the ones before it, checks included', () => {
  const group: DeferredWrite[] = [
    { table: 'a', kind: 'insert', statement: FIXED.bind([], [['one', 1n], ['two', 2n]]), what: 'insert a' },
    { table: 'b', kind: 'update', statement: SCALAR.bind(['now'], [['id1']]), expectRows: 1, what: 'update b' },
    { table: 'c', kind: 'insert', statement: sql`insert into c (z) values (${'zed'})`, what: 'insert c' },
  ];
  const compiled = groupStatement(group, compiler);
  assert.is(
    compiled.sql,
    'with "w0" as (insert into a (x, y) select * from unnest($1::text[], $2::numeric[]) as v ("x", "y") returning 1), ' +
      '"w1" as (update b set at = $3 from unnest($4::text[]) as v ("id") where b.id = v.id returning 1), ' +
      '"w2" as (insert into c (z) values ($7) returning 1) ' +
      'select (select count(*) from "w0") as "w0", write_behind_check($5, (select count(*) from "w1"), $6) as "w1", (select count(*) from "w2") as "w2"',
  );
  assert.equal(compiled.parameters, [['one', 'two'], ['1', '2'], 'now', ['id1'], 'update b', 1, 'zed']);
  // The same writes again: the same text, the new parameters.
  const again = groupStatement([{ ...group[0]!, statement: FIXED.bind([], [['three', 3n]]) }, group[1]!, group[2]!], compiler);
  assert.is(again.sql, compiled.sql);
  assert.equal(again.parameters[0], ['three']);
});

test('a fixed statement refuses parameters it was not written for', () => {
  assert.throws(() => SCALAR.bind([], [['id']]), /expected 1 scalars and 1 row sets/);
});

test.run();
