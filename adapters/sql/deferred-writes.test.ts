import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { groupWrites, type DeferredWrite } from './deferred-writes.js';

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

test.run();
