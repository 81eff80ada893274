import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate } from '../../../../kit/sql.js';
import type { TravelRuleCheckRecord, TravelRuleCheckRepository, TravelRuleSubmissionRecord, TravelRuleSubmissionRepository } from '../../ports.js';
import type { TravelRuleCheckView } from '../../travel-rule-schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks in regtech_travel_rule_checks: the answer as given, kept whole (jsonb). */
@injectable()
export class SqlTravelRuleCheckRepository implements TravelRuleCheckRepository {
  async insert(tx: Tx, c: TravelRuleCheckRecord): Promise<void> {
    await sql`
      insert into regtech_travel_rule_checks (id, team_id, transfer_id, jurisdiction, view, is_compliant, risk_level, checked_at)
      values (${c.id}, ${c.teamId}, ${c.transferId}, ${c.jurisdiction}, ${JSON.stringify(c.view)}::jsonb, ${c.view.is_compliant}, ${c.view.risk_level}, ${c.checkedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<TravelRuleCheckRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<{ id: string; team_id: string; transfer_id: string; jurisdiction: string; view: TravelRuleCheckView; checked_at: unknown }>`
      select id, team_id, transfer_id, jurisdiction, view, checked_at from regtech_travel_rule_checks where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    const row = rows[0];
    return row && { id: row.id, teamId: row.team_id, transferId: row.transfer_id, jurisdiction: row.jurisdiction, view: row.view, checkedAt: toDate(row.checked_at) };
  }

  async counts(tx: Tx, teamId: string, now: Date) {
    const { rows } = await sql<{ risk_level: string; total: unknown; compliant: unknown; open_failures: unknown }>`
      select risk_level, count(*) as total, count(*) filter (where is_compliant) as compliant,
             count(*) filter (where not is_compliant and (view->>'valid_until')::timestamptz > ${now}) as open_failures
      from regtech_travel_rule_checks where team_id = ${teamId} group by risk_level`.execute(sqlTx(tx).db);
    const byRiskLevel: Record<string, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    let total = 0;
    let compliant = 0;
    let openFailures = 0;
    for (const row of rows) {
      byRiskLevel[row.risk_level] = Number(row.total);
      total += Number(row.total);
      compliant += Number(row.compliant);
      openFailures += Number(row.open_failures);
    }
    return { total, compliant, byRiskLevel, openFailures };
  }
}

interface SubmissionRow {
  id: string;
  team_id: string;
  transfer_id: string;
  check_id: string;
  jurisdiction: string;
  ivms101: Record<string, unknown>;
  submitted_at: unknown;
}

const toSubmission = (row: SubmissionRow): TravelRuleSubmissionRecord => ({
  id: row.id,
  teamId: row.team_id,
  transferId: row.transfer_id,
  checkId: row.check_id,
  jurisdiction: row.jurisdiction,
  ivms101: row.ivms101,
  submittedAt: toDate(row.submitted_at),
});

/** Submissions in regtech_travel_rule_submissions, unique per team and transfer. */
@injectable()
export class SqlTravelRuleSubmissionRepository implements TravelRuleSubmissionRepository {
  async insert(tx: Tx, s: TravelRuleSubmissionRecord): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`
      insert into regtech_travel_rule_submissions (id, team_id, transfer_id, check_id, jurisdiction, ivms101, submitted_at)
      values (${s.id}, ${s.teamId}, ${s.transferId}, ${s.checkId}, ${s.jurisdiction}, ${JSON.stringify(s.ivms101)}::jsonb, ${s.submittedAt})
      on conflict (team_id, transfer_id) do nothing
      returning id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async find(tx: Tx, teamId: string, id: string): Promise<TravelRuleSubmissionRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<SubmissionRow>`
      select id, team_id, transfer_id, check_id, jurisdiction, ivms101, submitted_at
      from regtech_travel_rule_submissions where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toSubmission(rows[0]);
  }

  async findByTransfer(tx: Tx, teamId: string, transferId: string): Promise<TravelRuleSubmissionRecord | undefined> {
    const { rows } = await sql<SubmissionRow>`
      select id, team_id, transfer_id, check_id, jurisdiction, ivms101, submitted_at
      from regtech_travel_rule_submissions where team_id = ${teamId} and transfer_id = ${transferId}`.execute(sqlTx(tx).db);
    return rows[0] && toSubmission(rows[0]);
  }
}
