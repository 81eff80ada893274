import { eventType } from '../../kernel/public.js';
import { MifirReportView } from './mifir-schemas.js';
import { MonitoredTransactionView } from './monitoring-schemas.js';
import { TravelRuleCheckView } from './travel-rule-schemas.js';

/** The regtech module's events (docs/events.md lists them). */
export const TravelRuleCheckCompleted = eventType({
  name: 'travel_rule.check.completed',
  version: 1,
  group: 'Regulatory',
  description: 'A travel-rule check was made: the whole result (compliance, risk, threshold analysis, sanctions screening of both parties).',
  emittedBy: 'POST /api/v1/regtech/travel-rule/check, POST /api/v2/regtech/travel-rule/transfers',
  payload: TravelRuleCheckView,
  webhook: true,
});


export const ComplianceReportGenerated = eventType({
  name: 'compliance.report.generated',
  version: 1,
  group: 'Regulatory',
  description: 'A MiFIR transaction report (or cancellation) was built, validated and submitted to the competent authority; status submitted.',
  emittedBy: 'POST /api/v2/regtech/mifid/reports',
  payload: MifirReportView,
  webhook: true,
});

export const MifirReportDecided = eventType({
  name: 'regtech.report.decided',
  version: 1,
  group: 'Regulatory',
  description: "The competent authority decided a submitted report: accepted, or rejected with its reasons.",
  emittedBy: 'scheduled task regtech.authority-feedback',
  payload: MifirReportView,
  webhook: true,
});


export const ComplianceViolationDetected = eventType({
  name: 'compliance.violation.detected',
  version: 1,
  group: 'Regulatory',
  description: 'Transaction monitoring flagged a transaction (large amount, structuring, velocity, sanctioned counterparty, high-risk jurisdiction): its flags, risk score and review status.',
  emittedBy: 'consumer group regtech.transaction-monitoring (on transfer.created and travel_rule.check.completed)',
  payload: MonitoredTransactionView,
  webhook: true,
});

export const ReviewDecided = eventType({
  name: 'regtech.review.decided',
  version: 1,
  group: 'Regulatory',
  description: 'An operator cleared or rejected a transaction waiting in pending_review.',
  emittedBy: 'POST /api/v2/admin/regtech/reviews/{id}/clear, POST /api/v2/admin/regtech/reviews/{id}/reject',
  payload: MonitoredTransactionView,
  webhook: true,
});

export const regtechEvents = [TravelRuleCheckCompleted, ComplianceReportGenerated, MifirReportDecided, ComplianceViolationDetected, ReviewDecided];
