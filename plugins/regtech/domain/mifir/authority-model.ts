/**
 * The simulated competent authority's decision model
 * (docs/regtech.md#the-simulated-competent-authority). A report it receives
 * is decided once its feedback is due (`feedback_minutes` after receipt, by
 * the clock), against what it already holds of the same executing team,
 * jurisdiction and transaction reference number:
 *
 * - NEWT received after the T+1 deadline (the end, UTC, of the working day
 *   after the trading day; MiFIR Art. 26(1)): rejected SIM-LATE. Real NCAs
 *   accept late reports and follow them up; the simulator rejects them so
 *   the lifecycle has a rejection the clock decides.
 * - NEWT while an accepted NEWT of the same reference stands uncancelled:
 *   rejected CON-023 (duplicate), after ESMA's validation rule.
 * - CANC without an accepted, uncancelled NEWT of the reference: rejected
 *   CON-024 (nothing to cancel), after ESMA's validation rule.
 * - Otherwise accepted.
 */
export type AuthorityOutcome = 'accepted' | 'rejected';

export interface AuthorityReason {
  readonly code: string;
  readonly description: string;
}

export interface HeldReport {
  readonly reportStatus: 'NEWT' | 'CANC';
  readonly outcome: AuthorityOutcome | null;
}

export interface ReceivedReport {
  readonly reportStatus: 'NEWT' | 'CANC';
  /** Field 28. */
  readonly tradingAt: Date;
  readonly receivedAt: Date;
}

/** The end of the working day (Monday to Friday, UTC) after the trading day. */
export function reportingDeadline(tradingAt: Date): Date {
  const day = new Date(Date.UTC(tradingAt.getUTCFullYear(), tradingAt.getUTCMonth(), tradingAt.getUTCDate()));
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return new Date(day.getTime() + 86_400_000 - 1);
}

/** `held`: the reports of the same team, jurisdiction and reference decided before this one, in order. */
export function decide(report: ReceivedReport, held: readonly HeldReport[]): { outcome: AuthorityOutcome; reasons: AuthorityReason[] } {
  const accepted = held.filter((one) => one.outcome === 'accepted');
  const standing = accepted.filter((one) => one.reportStatus === 'NEWT').length - accepted.filter((one) => one.reportStatus === 'CANC').length > 0;
  const reasons: AuthorityReason[] = [];
  if (report.reportStatus === 'NEWT') {
    const deadline = reportingDeadline(report.tradingAt);
    if (report.receivedAt.getTime() > deadline.getTime()) {
      reasons.push({ code: 'SIM-LATE', description: `Received after the T+1 deadline ${deadline.toISOString()} (MiFIR Art. 26(1)).` });
    }
    if (standing) reasons.push({ code: 'CON-023', description: 'A report with this transaction reference number has already been accepted and not cancelled.' });
  } else if (!standing) {
    reasons.push({ code: 'CON-024', description: 'There is no accepted report with this transaction reference number to cancel.' });
  }
  return { outcome: reasons.length === 0 ? 'accepted' : 'rejected', reasons };
}
