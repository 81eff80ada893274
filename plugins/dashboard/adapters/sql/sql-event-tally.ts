import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx } from '../../../../kit/sql.js';
import { START_CURSOR, type Tx } from '../../../../kernel/public.js';
import type { EventTallyRepository, TallySnapshot, TeamEventCount } from '../../ports.js';

@injectable()
export class SqlEventTally implements EventTallyRepository {
  async add(tx: Tx, counts: readonly TeamEventCount[], through?: string): Promise<void> {
    const db = sqlTx(tx).db;
    if (counts.length > 0) {
      const byType = new Map<string, number>();
      for (const { type, count } of counts) byType.set(type, (byType.get(type) ?? 0) + count);
      const values = [...byType].map(([type, count]) => sql`(${type}, ${count}::bigint)`);
      await sql`insert into dashboard_event_tally (type, count) values ${sql.join(values)}
                on conflict (type) do update set count = dashboard_event_tally.count + excluded.count`.execute(db);
      const teamValues = counts.map((c) => sql`(${c.teamId}, ${c.type}, ${c.count}::bigint)`);
      await sql`insert into dashboard_event_team_tally (team_id, type, count) values ${sql.join(teamValues)}
                on conflict (team_id, type) do update set count = dashboard_event_team_tally.count + excluded.count`.execute(db);
    }
    if (through !== undefined) {
      await sql`insert into dashboard_event_tally_mark (id, through) values (1, ${through})
                on conflict (id) do update set through = excluded.through`.execute(db);
    }
  }

  async read(tx: Tx, teamId?: string): Promise<TallySnapshot> {
    // One statement, one snapshot: the counts and the cursor they reach always belong together.
    const counted =
      teamId === undefined
        ? sql`select type, count from dashboard_event_tally`
        : sql`select type, count from dashboard_event_team_tally where team_id = ${teamId}`;
    const { rows } = await sql<{ through: string; type: string | null; n: string | null }>`
      select m.through, t.type, t.count::text as n
      from (select coalesce((select through from dashboard_event_tally_mark where id = 1), ${START_CURSOR}) as through) as m
      left join (${counted}) as t on true
      order by t.type`.execute(sqlTx(tx).db);
    const counts = rows.flatMap((row) => (row.type === null ? [] : [{ type: row.type, count: Number(row.n) }]));
    return { counts, through: rows[0]!.through };
  }
}
