import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import { ConsumerStore, EventBackbone } from '../../ports/event-consumers.js';
import { bootTestKernel } from '../fixtures/boot.js';

/** The event tally is the dashboard's: a bank without the module has neither its tables nor its consumer group. */
async function tallyStorage(modules: string[]): Promise<{ tables: string[]; groups: string[] }> {
  const k = await bootTestKernel({ store: 'pglite', modules });
  try {
    await k.createUser('Ada');
    await k.get(EventBackbone).drain();
    const groups = (await k.get(ConsumerStore).checkpoints()).map((checkpoint) => checkpoint.group);
    const { rows } = await k.store.unitOfWork.run((tx) =>
      sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = current_schema() and tablename like '%tally%' order by 1`.execute(sqlTx(tx).db),
    );
    return { tables: rows.map((row) => row.name), groups };
  } finally {
    await k.close();
  }
}

test('with the dashboard off: no tally table, no tally group', async () => {
  assert.equal(await tallyStorage(['core-banking', 'webhooks']), { tables: [], groups: ['webhooks.fan-out'] });
});

test('with the dashboard on: its own tables and group', async () => {
  assert.equal(await tallyStorage(['core-banking', 'webhooks', 'dashboard']), {
    tables: ['dashboard_event_tally', 'dashboard_event_tally_mark', 'dashboard_event_team_tally'],
    groups: ['dashboard.event-tally', 'webhooks.fan-out'],
  });
});

test.run();
