import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { openStore } from '../open-store.js';
import { consumerMigrations } from './consumer-migrations.js';
import { kernelMigrations } from './kernel-migrations.js';
import { sqlTx } from './sql-tx.js';

test('0004 takes the old event tally out of the kernel: its table, checkpoint and parked events go, other groups stay', async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: recordingLogger() });
  try {
    await store.migrator.migrate('kernel', kernelMigrations);
    await store.migrator.migrate('event-backbone', Object.fromEntries(Object.entries(consumerMigrations).filter(([name]) => name < '0004')));
    await store.unitOfWork.run(async (tx) => {
      const db = sqlTx(tx).db;
      await sql`insert into event_type_tally (type, count) values ('thing.happened', 3)`.execute(db);
      await sql`insert into event_consumer_checkpoints (group_name, updated_at) values ('kernel.event-tally', now()), ('webhooks.fan-out', now())`.execute(db);
      await sql`insert into event_consumer_parked (group_name, position, event_id, type, team_id, error, attempts, parked_at)
                values ('kernel.event-tally', 1, gen_random_uuid(), 'thing.happened', 't1', 'boom', 5, now())`.execute(db);
    });
    await store.init();
    const left = await store.unitOfWork.run(async (tx) => {
      const db = sqlTx(tx).db;
      const table = await sql<{ t: string | null }>`select to_regclass('event_type_tally')::text as t`.execute(db);
      const groups = await sql<{ g: string }>`select group_name as g from event_consumer_checkpoints order by 1`.execute(db);
      const parked = await sql<{ n: number }>`select count(*)::integer as n from event_consumer_parked`.execute(db);
      return { table: table.rows[0]!.t, groups: groups.rows.map((r) => r.g), parked: parked.rows[0]!.n };
    });
    assert.equal(left, { table: null, groups: ['webhooks.fan-out'], parked: 0 });
  } finally {
    await store.close();
  }
});

test('0006 serves the all-teams window count from a BRIN index on occurred_at, summarised or not', async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: recordingLogger() });
  try {
    await store.init();
    const counted = await store.unitOfWork.run(async (tx) => {
      const db = sqlTx(tx).db;
      const indexes = await sql<{ name: string; method: string }>`
        select c.relname as name, am.amname as method from pg_index i
        join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        where i.indrelid = 'events'::regclass and c.relname like 'events_occurred%'`.execute(db);
      // Three days of events, appended in time order as the event writer does.
      await sql`insert into events (id, type, version, team_id, aggregate_type, aggregate_id, payload, occurred_at)
                select gen_random_uuid(), 'thing.happened', 1, 't' || (n % 3), 'thing', n::text, '{}',
                       timestamptz '2026-11-01T00:00:00Z' + n * interval '1 minute'
                from generate_series(0, 3 * 1440 - 1) as n`.execute(db);
      await sql`set local enable_seqscan = off`.execute(db);
      const count = async () =>
        (await sql<{ n: number }>`select count(*)::integer as n from events where occurred_at >= '2026-11-03T00:00:00Z'`.execute(db)).rows[0]!.n;
      const plan = (await sql<{ 'QUERY PLAN': string }>`explain select count(*) from events where occurred_at >= '2026-11-03T00:00:00Z'`.execute(db)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      const unsummarised = await count();
      await sql`select brin_summarize_new_values('events_occurred_at_brin')`.execute(db);
      return { indexes: indexes.rows, usesBrin: plan.includes('events_occurred_at_brin'), unsummarised, summarised: await count() };
    });
    assert.equal(counted, { indexes: [{ name: 'events_occurred_at_brin', method: 'brin' }], usesBrin: true, unsummarised: 1440, summarised: 1440 });
  } finally {
    await store.close();
  }
});

test.run();
