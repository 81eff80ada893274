import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { openStore } from '../open-store.js';
import { hasAfterQuery } from './sql-consumer-store.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

/**
 * Every caught-up consumer group asks hasAfter on every pass. On a log of
 * thousands of events with statistics, the question at the head must be an
 * index probe, not a scan of the log, whatever the cursor (PGlite runs
 * PostgreSQL's planner).
 */
test('hasAfter at the head of an analysed log probes the commit-order index', async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: recordingLogger() });
  try {
    await store.init();
    const uow = store.unitOfWork as SqlUnitOfWork;
    await uow.withRoot((root) =>
      sql`insert into events (id, type, version, team_id, aggregate_type, aggregate_id, payload, occurred_at)
          select gen_random_uuid(), 'thing.happened', 1, 't1', 'thing', n::text, '{}', now()
          from generate_series(1, 5000) as n`.execute(root),
    );
    await uow.withRoot((root) => sql`analyze events`.execute(root));
    const head = await uow.withRoot(async (root) =>
      (await sql<{ cursor: string }>`select tx_id::text || ':' || position as cursor from events order by tx_id desc, position desc limit 1`.execute(root)).rows[0]!.cursor,
    );
    // As PostgreSQL's pool runs it: a named prepared statement, which after five runs may keep a generic plan,
    // made without the cursor's value (PGlite itself plans every run: docs/decisions.md).
    const plan = await uow.withRoot(async (root) => {
      const { sql: text, parameters } = hasAfterQuery(head).compile(root);
      await sql.raw(`prepare has_after_probe as ${text}`).execute(root);
      await sql`set plan_cache_mode = force_generic_plan`.execute(root);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute has_after_probe(${sql.join(parameters.map((value) => sql.lit(String(value))))})`.execute(root);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset plan_cache_mode`.execute(root);
        await sql`deallocate has_after_probe`.execute(root);
      }
    });
    assert.ok(plan.includes('events_consumer_order_idx'), plan);
    assert.not.ok(plan.includes('Seq Scan'), plan);
    assert.is(await store.consumers.hasAfter(head), false);
    assert.is(await store.consumers.hasAfter('0:0'), true);
  } finally {
    await store.close();
  }
});

test.run();
