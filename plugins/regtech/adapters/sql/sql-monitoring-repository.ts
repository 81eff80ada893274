import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { MonitoringFlag } from '../../domain/monitoring/rules.js';
import type { MonitoredTransactionRecord, MonitoringRepository, ReviewStatus } from '../../ports.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = sql.raw('id, team_id, transaction_id, flags, risk_score, review_status, details, flagged_at, reviewed_at, review_note');

function toRecord(row: Record<string, unknown>): MonitoredTransactionRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    transactionId: row.transaction_id as string,
    flags: row.flags as MonitoringFlag[],
    riskScore: Number(row.risk_score),
    reviewStatus: row.review_status as ReviewStatus,
    details: row.details as string[],
    flaggedAt: toDate(row.flagged_at),
    reviewedAt: toDateOrNull(row.reviewed_at),
    reviewNote: (row.review_note as string | null) ?? null,
  };
}

/** Monitoring state in regtech_monitored_transfers (the windows) and regtech_monitoring_flags (what was found). */
@injectable()
export class SqlMonitoringRepository implements MonitoringRepository {
  async recordTransfer(tx: Tx, t: { teamId: string; transferId: string; fromAccount: string; amountCents: bigint; at: Date }): Promise<boolean> {
    const { rows } = await sql<{ transfer_id: string }>`
      insert into regtech_monitored_transfers (team_id, transfer_id, from_account, amount_cents, occurred_at)
      values (${t.teamId}, ${t.transferId}, ${t.fromAccount}, ${t.amountCents.toString()}::numeric, ${t.at})
      on conflict (team_id, transfer_id) do nothing returning transfer_id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async countFrom(tx: Tx, teamId: string, fromAccount: string, since: Date, range?: { minCents: bigint; maxCents: bigint }): Promise<number> {
    const band = range ? sql` and amount_cents >= ${range.minCents.toString()}::numeric and amount_cents < ${range.maxCents.toString()}::numeric` : sql``;
    const { rows } = await sql<{ total: unknown }>`
      select count(*) as total from regtech_monitored_transfers
      where team_id = ${teamId} and from_account = ${fromAccount} and occurred_at >= ${since}${band}`.execute(sqlTx(tx).db);
    return Number(rows[0]?.total ?? 0);
  }

  async find(tx: Tx, teamId: string, transactionId: string) {
    const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS} from regtech_monitoring_flags where team_id = ${teamId} and transaction_id = ${transactionId}`.execute(sqlTx(tx).db);
    return rows[0] && toRecord(rows[0]);
  }

  async findById(tx: Tx, id: string) {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Record<string, unknown>>`select ${COLUMNS} from regtech_monitoring_flags where id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toRecord(rows[0]);
  }

  async put(tx: Tx, r: MonitoredTransactionRecord): Promise<void> {
    await sql`
      insert into regtech_monitoring_flags (${COLUMNS})
      values (${r.id}, ${r.teamId}, ${r.transactionId}, ${JSON.stringify(r.flags)}::jsonb, ${r.riskScore}, ${r.reviewStatus}, ${JSON.stringify(r.details)}::jsonb,
              ${r.flaggedAt}, ${r.reviewedAt}, ${r.reviewNote})
      on conflict (team_id, transaction_id) do update set flags = excluded.flags, risk_score = excluded.risk_score, review_status = excluded.review_status,
        details = excluded.details, reviewed_at = excluded.reviewed_at, review_note = excluded.review_note`.execute(sqlTx(tx).db);
  }

  async many(tx: Tx, teamId: string, transactionIds: readonly string[]) {
    if (transactionIds.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from regtech_monitoring_flags where team_id = ${teamId} and transaction_id = any(${[...transactionIds]}::text[])`.execute(sqlTx(tx).db);
    return rows.map(toRecord);
  }

  async pending(tx: Tx, limit: number) {
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from regtech_monitoring_flags where review_status = 'pending_review' order by flagged_at, seq limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map(toRecord);
  }

  async counts(tx: Tx, teamId: string) {
    const { rows } = await sql<{ review_status: ReviewStatus; total: unknown }>`
      select review_status, count(*) as total from regtech_monitoring_flags where team_id = ${teamId} group by review_status`.execute(sqlTx(tx).db);
    const counts: Record<ReviewStatus, number> = { clear: 0, pending_review: 0, cleared: 0, rejected: 0 };
    for (const row of rows) counts[row.review_status] = Number(row.total);
    return counts;
  }
}
