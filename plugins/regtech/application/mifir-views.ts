import { COMPETENT_AUTHORITIES } from '../domain/mifir/competent-authorities.js';
import type { MifirReportView } from '../mifir-schemas.js';
import type { MifirReportRecord } from '../ports.js';

export function mifirReportView(report: MifirReportRecord): MifirReportView {
  return {
    report_id: report.id,
    transaction_id: report.transactionId,
    report_type: report.reportType,
    status: report.status,
    jurisdiction: report.jurisdiction,
    competent_authority: COMPETENT_AUTHORITIES[report.jurisdiction] ?? report.jurisdiction,
    authority_reference: report.authorityReference,
    cancels_report_id: report.cancelsReportId,
    fields: report.fields,
    rejection_reasons: report.reasons.map((reason) => ({ ...reason })),
    submitted_at: report.submittedAt.toISOString(),
    feedback_due_at: report.feedbackDueAt.toISOString(),
    decided_at: report.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The report of a transaction that stands now: the latest NEWT that was not
 * rejected, unless a cancellation that was not rejected followed it.
 */
export function standingReport(reports: readonly MifirReportRecord[]): MifirReportRecord | undefined {
  let standing: MifirReportRecord | undefined;
  for (const report of reports) {
    if (report.status === 'rejected') continue;
    standing = report.fields.report_status === 'NEWT' ? report : undefined;
  }
  return standing;
}
