import type { MonitoredTransactionView } from '../monitoring-schemas.js';
import type { MonitoredTransactionRecord } from '../ports.js';

export function monitoredTransactionView(record: MonitoredTransactionRecord): MonitoredTransactionView {
  return {
    review_id: record.id,
    transaction_id: record.transactionId,
    compliance_flags: [...record.flags],
    risk_score: record.riskScore,
    status: record.reviewStatus,
    details: [...record.details],
    flagged_at: record.flaggedAt.toISOString(),
    reviewed_at: record.reviewedAt?.toISOString() ?? null,
    review_note: record.reviewNote,
  };
}
