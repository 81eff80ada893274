import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { AuthorityOutcome, AuthorityReason } from '../../domain/mifir/authority-model.js';
import type { AuthorityInboxRecord, AuthorityInboxRepository, MifirReportRecord, MifirReportRepository, MifirReportStatus } from '../../ports.js';

/** MiFIR reports by id, in insertion order; writes are undone if their unit of work rolls back. */
@injectable()
export class MemoryMifirReportRepository implements MifirReportRepository {
  readonly #reports = new Map<string, MifirReportRecord>();

  async insert(tx: Tx, report: MifirReportRecord): Promise<void> {
    putUndoable(tx, this.#reports, report.id, report);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<MifirReportRecord | undefined> {
    const report = this.#reports.get(id);
    return report?.teamId === teamId ? report : undefined;
  }

  async forTransaction(_tx: Tx, teamId: string, transactionId: string): Promise<MifirReportRecord[]> {
    return [...this.#reports.values()].filter((r) => r.teamId === teamId && r.transactionId === transactionId).sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
  }

  async dueForFeedback(_tx: Tx, now: Date, limit: number): Promise<MifirReportRecord[]> {
    return [...this.#reports.values()]
      .filter((r) => r.status === 'submitted' && r.feedbackDueAt.getTime() <= now.getTime())
      .sort((a, b) => a.feedbackDueAt.getTime() - b.feedbackDueAt.getTime() || a.submittedAt.getTime() - b.submittedAt.getTime())
      .slice(0, limit);
  }

  async decide(tx: Tx, teamId: string, id: string, status: Exclude<MifirReportStatus, 'submitted'>, reasons: readonly AuthorityReason[], decidedAt: Date): Promise<void> {
    const report = this.#reports.get(id);
    if (report?.teamId === teamId) putUndoable(tx, this.#reports, id, { ...report, status, reasons, decidedAt });
  }

  async counts(_tx: Tx, teamId: string) {
    const mine = [...this.#reports.values()].filter((r) => r.teamId === teamId);
    const byStatus: Record<MifirReportStatus, number> = { submitted: 0, accepted: 0, rejected: 0 };
    const latest = new Map<string, MifirReportRecord>();
    for (const report of mine) {
      byStatus[report.status] += 1;
      const seen = latest.get(report.transactionId);
      if (!seen || seen.submittedAt.getTime() <= report.submittedAt.getTime()) latest.set(report.transactionId, report);
    }
    return { byStatus, latestRejected: [...latest.values()].filter((r) => r.status === 'rejected').length };
  }
}

/** The simulated authority's inbox by reference. */
@injectable()
export class MemoryAuthorityInboxRepository implements AuthorityInboxRepository {
  readonly #inbox = new Map<string, AuthorityInboxRecord>();

  async insert(tx: Tx, record: AuthorityInboxRecord): Promise<void> {
    putUndoable(tx, this.#inbox, record.reference, record);
  }

  async find(_tx: Tx, teamId: string, reference: string): Promise<AuthorityInboxRecord | undefined> {
    const record = this.#inbox.get(reference);
    return record?.teamId === teamId ? record : undefined;
  }

  async decided(_tx: Tx, teamId: string, jurisdiction: string, transactionReference: string): Promise<AuthorityInboxRecord[]> {
    return [...this.#inbox.values()]
      .filter((r) => r.teamId === teamId && r.jurisdiction === jurisdiction && r.transactionReference === transactionReference && r.decidedAt !== null)
      .sort((a, b) => a.decidedAt!.getTime() - b.decidedAt!.getTime());
  }

  async record(tx: Tx, teamId: string, reference: string, outcome: AuthorityOutcome, reasons: readonly AuthorityReason[], decidedAt: Date): Promise<void> {
    const record = this.#inbox.get(reference);
    if (record?.teamId === teamId) putUndoable(tx, this.#inbox, reference, { ...record, outcome, reasons, decidedAt });
  }
}
