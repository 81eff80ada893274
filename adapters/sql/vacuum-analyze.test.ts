import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { openStore } from '../open-store.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

/**
 * PGlite has no autovacuum: its store brings a task that vacuums and
 * analyses every table (the serving process schedules it); PostgreSQL's
 * store brings none. A table whose rows were updated has no statistics
 * (reltuples -1) and its dead versions until the pass, and both after it.
 */
test('the PGlite store vacuums and analyses every table in one pass', async () => {
  const logger = recordingLogger();
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger, clock: { now: () => new Date(0) }, ids: { uuid: () => 'id', timeOrdered: () => 'id' } });
  try {
    await store.init();
    const uow = store.unitOfWork as SqlUnitOfWork;
    await uow.withRoot((root) => sql`create table upkeep_probe (id int primary key, v int)`.execute(root));
    await uow.withRoot((root) => sql`insert into upkeep_probe select g, 0 from generate_series(1, 2000) g`.execute(root));
    await uow.withRoot((root) => sql`update upkeep_probe set v = v + 1 where id <= 1000`.execute(root));
    const stats = () =>
      uow.withRoot(async (root) => (await sql<{ reltuples: number; vacuums: string }>`
        select c.reltuples, s.vacuum_count::text as vacuums from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'upkeep_probe'`.execute(root)).rows[0]!);
    assert.equal(await stats(), { reltuples: -1, vacuums: '0' });
    const task = store.maintenance!;
    assert.is(task.name, 'store.vacuum-analyze');
    const every = await uow.withRoot(async (root) => Number((await sql<{ n: string }>`select count(*)::text as n from pg_stat_user_tables`.execute(root)).rows[0]!.n));
    assert.is(await task.run(), 0, 'upkeep, not work found: a scheduler pass with nothing due still totals 0');
    const logged = logger.entries.find((entry) => entry.message === 'store: tables vacuumed and analysed');
    assert.is(logged?.fields?.tables, every, 'every table: the kernel’s and the probe');
    assert.equal(await stats(), { reltuples: 2000, vacuums: '1' });
  } finally {
    await store.close();
  }
});

test('PostgreSQL and memory stores schedule no upkeep of their own (autovacuum; nothing to vacuum)', async () => {
  const memory = await openStore({ kind: 'memory', logger: recordingLogger(), clock: { now: () => new Date(0) }, ids: { uuid: () => 'id', timeOrdered: () => 'id' } });
  assert.is(memory.maintenance, undefined);
  await memory.close();
  if (!process.env.DATABASE_URL) return;
  const postgres = await openStore({ kind: 'postgres', databaseUrl: process.env.DATABASE_URL, logger: recordingLogger(), clock: { now: () => new Date(0) }, ids: { uuid: () => 'id', timeOrdered: () => 'id' } });
  assert.is(postgres.maintenance, undefined);
  await postgres.close();
});

test.run();
