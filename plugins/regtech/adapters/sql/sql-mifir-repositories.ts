import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { AuthorityOutcome, AuthorityReason } from '../../domain/mifir/authority-model.js';
import type { Rts22Fields } from '../../domain/mifir/rts22.js';
import type { AuthorityInboxRecord, AuthorityInboxRepository, MifirReportRecord, MifirReportRepository, MifirReportStatus } from '../../ports.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REPORT_COLUMNS = sql.raw(
  'id, team_id, transaction_id, report_type, jurisdiction, fields, status, authority_reference, feedback_due_at, decided_at, reasons, cancels_report_id, submitted_at',
);

function toReport(row: Record<string, unknown>): MifirReportRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    transactionId: row.transaction_id as string,
    reportType: row.report_type as MifirReportRecord['reportType'],
    jurisdiction: row.jurisdiction as string,
    fields: row.fields as Rts22Fields,
    status: row.status as MifirReportStatus,
    authorityReference: row.authority_reference as string,
    feedbackDueAt: toDate(row.feedback_due_at),
    decidedAt: toDateOrNull(row.decided_at),
    reasons: row.reasons as AuthorityReason[],
    cancelsReportId: (row.cancels_report_id as string | null) ?? null,
    submittedAt: toDate(row.submitted_at),
  };
}

/** Reports in regtech_mifir_reports; the RTS 22 fields kept whole (jsonb). */
@injectable()
export class SqlMifirReportRepository implements MifirReportRepository {
  async insert(tx: Tx, r: MifirReportRecord): Promise<void> {
    await sql`
      insert into regtech_mifir_reports (${REPORT_COLUMNS})
      values (${r.id}, ${r.teamId}, ${r.transactionId}, ${r.reportType}, ${r.jurisdiction}, ${JSON.stringify(r.fields)}::jsonb, ${r.status},
              ${r.authorityReference}, ${r.feedbackDueAt}, ${r.decidedAt}, ${JSON.stringify(r.reasons)}::jsonb, ${r.cancelsReportId}, ${r.submittedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<MifirReportRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Record<string, unknown>>`select ${REPORT_COLUMNS} from regtech_mifir_reports where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toReport(rows[0]);
  }

  async forTransaction(tx: Tx, teamId: string, transactionId: string): Promise<MifirReportRecord[]> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${REPORT_COLUMNS} from regtech_mifir_reports where team_id = ${teamId} and transaction_id = ${transactionId}
      order by submitted_at, seq`.execute(sqlTx(tx).db);
    return rows.map(toReport);
  }

  async dueForFeedback(tx: Tx, now: Date, limit: number): Promise<MifirReportRecord[]> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${REPORT_COLUMNS} from regtech_mifir_reports
      where status = 'submitted' and feedback_due_at <= ${now}
      order by feedback_due_at, submitted_at, seq
      limit ${limit}
      for update skip locked`.execute(sqlTx(tx).db);
    return rows.map(toReport);
  }

  async decide(tx: Tx, teamId: string, id: string, status: Exclude<MifirReportStatus, 'submitted'>, reasons: readonly AuthorityReason[], decidedAt: Date): Promise<void> {
    await sql`
      update regtech_mifir_reports set status = ${status}, reasons = ${JSON.stringify(reasons)}::jsonb, decided_at = ${decidedAt}
      where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
  }

  async counts(tx: Tx, teamId: string) {
    const { db } = sqlTx(tx);
    const statuses = await sql<{ status: MifirReportStatus; total: unknown }>`
      select status, count(*) as total from regtech_mifir_reports where team_id = ${teamId} group by status`.execute(db);
    const byStatus: Record<MifirReportStatus, number> = { submitted: 0, accepted: 0, rejected: 0 };
    for (const row of statuses.rows) byStatus[row.status] = Number(row.total);
    const latest = await sql<{ total: unknown }>`
      select count(*) as total from (
        select distinct on (transaction_id) status from regtech_mifir_reports where team_id = ${teamId}
        order by transaction_id, submitted_at desc, seq desc
      ) latest where status = 'rejected'`.execute(db);
    return { byStatus, latestRejected: Number(latest.rows[0]?.total ?? 0) };
  }
}

function toInbox(row: Record<string, unknown>): AuthorityInboxRecord {
  return {
    reference: row.reference as string,
    teamId: row.team_id as string,
    jurisdiction: row.jurisdiction as string,
    transactionReference: row.transaction_reference as string,
    reportStatus: row.report_status as 'NEWT' | 'CANC',
    tradingAt: toDate(row.trading_at),
    receivedAt: toDate(row.received_at),
    dueAt: toDate(row.due_at),
    outcome: (row.outcome as AuthorityOutcome | null) ?? null,
    reasons: row.reasons as AuthorityReason[],
    decidedAt: toDateOrNull(row.decided_at),
  };
}

const INBOX_COLUMNS = sql.raw('reference, team_id, jurisdiction, transaction_reference, report_status, trading_at, received_at, due_at, outcome, reasons, decided_at');

/** The simulated authority's inbox in regtech_authority_inbox. */
@injectable()
export class SqlAuthorityInboxRepository implements AuthorityInboxRepository {
  async insert(tx: Tx, r: AuthorityInboxRecord): Promise<void> {
    await sql`
      insert into regtech_authority_inbox (${INBOX_COLUMNS})
      values (${r.reference}, ${r.teamId}, ${r.jurisdiction}, ${r.transactionReference}, ${r.reportStatus}, ${r.tradingAt}, ${r.receivedAt}, ${r.dueAt},
              ${r.outcome}, ${JSON.stringify(r.reasons)}::jsonb, ${r.decidedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, reference: string): Promise<AuthorityInboxRecord | undefined> {
    const { rows } = await sql<Record<string, unknown>>`select ${INBOX_COLUMNS} from regtech_authority_inbox where reference = ${reference} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toInbox(rows[0]);
  }

  async decided(tx: Tx, teamId: string, jurisdiction: string, transactionReference: string): Promise<AuthorityInboxRecord[]> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${INBOX_COLUMNS} from regtech_authority_inbox
      where team_id = ${teamId} and jurisdiction = ${jurisdiction} and transaction_reference = ${transactionReference} and decided_at is not null
      order by decided_at, seq`.execute(sqlTx(tx).db);
    return rows.map(toInbox);
  }

  async record(tx: Tx, teamId: string, reference: string, outcome: AuthorityOutcome, reasons: readonly AuthorityReason[], decidedAt: Date): Promise<void> {
    await sql`
      update regtech_authority_inbox set outcome = ${outcome}, reasons = ${JSON.stringify(reasons)}::jsonb, decided_at = ${decidedAt}
      where reference = ${reference} and team_id = ${teamId}`.execute(sqlTx(tx).db);
  }
}
