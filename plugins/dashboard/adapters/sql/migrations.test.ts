import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { openStore } from '../../../../adapters/open-store.js';
import { sqlTx } from '../../../../kit/sql.js';
import { dashboardMigrations } from './migrations.js';
import { SqlEventTally } from './sql-event-tally.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const ev = (teamId: string, type: string, n: number) => ({ type, teamId, aggregateType: 'thing', aggregateId: String(n), payload: { n } });

test('0002 fills the team tally with every event up to the mark, none past it', async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: silent });
  try {
    await store.init();
    await store.migrator.migrate('dashboard', { '0001-event-tally': dashboardMigrations['0001-event-tally']! });
    await store.unitOfWork.run((tx) => tx.append([ev('t1', 'a.x', 1), ev('t2', 'a.x', 2), ev('t1', 'b.y', 3)]));
    // The mark of a tally that counted those three; the fourth event lies past it.
    const mark = await store.unitOfWork.run(async (tx) => {
      const events = await store.consumers.readAfter(tx, '0:0', 3);
      const through = events[2]!.cursor;
      await sql`insert into dashboard_event_tally (type, count) values ('a.x', 2), ('b.y', 1)`.execute(sqlTx(tx).db);
      await sql`insert into dashboard_event_tally_mark (id, through) values (1, ${through})`.execute(sqlTx(tx).db);
      return through;
    });
    await store.unitOfWork.run((tx) => tx.append([ev('t2', 'b.y', 4)]));
    await store.migrator.migrate('dashboard', dashboardMigrations);
    const tally = new SqlEventTally();
    const read = (teamId?: string) => store.unitOfWork.readOnly((tx) => tally.read(tx, teamId));
    assert.equal(await read('t1'), { counts: [{ type: 'a.x', count: 1 }, { type: 'b.y', count: 1 }], through: mark });
    assert.equal(await read('t2'), { counts: [{ type: 'a.x', count: 1 }], through: mark }, 't2\'s b.y lies past the mark');
    assert.equal(await read(), { counts: [{ type: 'a.x', count: 2 }, { type: 'b.y', count: 1 }], through: mark });
  } finally {
    await store.close();
  }
});

test.run();
