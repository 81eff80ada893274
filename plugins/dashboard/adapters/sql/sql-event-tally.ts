import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx } from '../../../../kit/sql.js';
import { START_CURSOR, type EventCount, type Tx } from '../../../../kernel/public.js';
import type { EventTallyRepository, TallySnapshot } from '../../ports.js';

@injectable()
export class SqlEventTally implements EventTallyRepository {
  async add(tx: Tx, counts: readonly EventCount[], through?: string): Promise<void> {
    const db = sqlTx(tx).db;
    if (counts.length > 0) {
      const values = counts.map((c) => sql`(${c.type}, ${c.count}::bigint)`);
      await sql`insert into dashboard_event_tally (type, count) values ${sql.join(values)}
                on conflict (type) do update set count = dashboard_event_tally.count + excluded.count`.execute(db);
    }
    if (through !== undefined) {
      await sql`insert into dashboard_event_tally_mark (id, through) values (1, ${through})
                on conflict (id) do update set through = excluded.through`.execute(db);
    }
  }

  async read(tx: Tx): Promise<TallySnapshot> {
    // One statement, one snapshot: the counts and the cursor they reach always belong together.
    const { rows } = await sql<{ through: string; type: string | null; n: string | null }>`
      select m.through, t.type, t.count::text as n
      from (select coalesce((select through from dashboard_event_tally_mark where id = 1), ${START_CURSOR}) as through) as m
      left join dashboard_event_tally as t on true
      order by t.type`.execute(sqlTx(tx).db);
    const counts = rows.flatMap((row) => (row.type === null ? [] : [{ type: row.type, count: Number(row.n) }]));
    return { counts, through: rows[0]!.through };
  }
}
