import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { SanctionsMatch, ScreeningParty, Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate } from '../../../../kit/sql.js';
import type { ListVersion } from '../../domain/sanctions-list.js';
import type { ScreeningRecord, ScreeningRepository } from '../../ports.js';

interface ScreeningRow {
  readonly id: string;
  readonly team_id: string;
  readonly party: ScreeningParty;
  readonly purpose: string | null;
  readonly matches: SanctionsMatch[];
  readonly list_versions: Array<Omit<ListVersion, 'loadedAt'> & { loadedAt: string }>;
  readonly threshold: number;
  readonly screened_at: unknown;
}

/** Screenings in regtech_screenings, each its team's. */
@injectable()
export class SqlScreeningRepository implements ScreeningRepository {
  async insert(tx: Tx, s: ScreeningRecord): Promise<void> {
    await sql`
      insert into regtech_screenings (id, team_id, party, purpose, matches, list_versions, threshold, screened_at)
      values (${s.id}, ${s.teamId}, ${JSON.stringify(s.party)}::jsonb, ${s.purpose}, ${JSON.stringify(s.matches)}::jsonb,
              ${JSON.stringify(s.listVersions)}::jsonb, ${s.threshold}, ${s.screenedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<ScreeningRecord | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const { rows } = await sql<ScreeningRow>`
      select id, team_id, party, purpose, matches, list_versions, threshold, screened_at
      from regtech_screenings where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      teamId: row.team_id,
      party: row.party,
      purpose: row.purpose,
      matches: row.matches,
      listVersions: row.list_versions.map((version) => ({ ...version, loadedAt: new Date(version.loadedAt) })),
      threshold: Number(row.threshold),
      screenedAt: toDate(row.screened_at),
    };
  }

  async counts(tx: Tx, teamId: string): Promise<{ total: number; withMatches: number }> {
    const { rows } = await sql<{ total: unknown; with_matches: unknown }>`
      select count(*) as total, count(*) filter (where jsonb_array_length(matches) > 0) as with_matches
      from regtech_screenings where team_id = ${teamId}`.execute(sqlTx(tx).db);
    return { total: Number(rows[0]?.total ?? 0), withMatches: Number(rows[0]?.with_matches ?? 0) };
  }
}
