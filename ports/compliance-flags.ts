import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * What transaction monitoring found about a team's transactions (provided by
 * regtech, docs/regtech.md#transaction-monitoring): flags such as
 * `large_amount` or `structuring`, a risk score from 0 to 100, and the
 * review status. Other modules read it (the natural-language queries show
 * `compliance_flags`, `risk_score` and `pending_review`). A transaction the
 * monitor never flagged is absent from the answer.
 */
export interface ComplianceFlagsEntry {
  readonly transactionId: string;
  readonly flags: readonly string[];
  /** 0 to 100. */
  readonly riskScore: number;
  /** clear (flagged, no review needed), pending_review, cleared or rejected (by an operator). */
  readonly reviewStatus: 'clear' | 'pending_review' | 'cleared' | 'rejected';
}

export interface ComplianceFlags {
  /** The entries of those of `transactionIds` (transfer ids) the monitor flagged, for the team only. */
  flagsFor(tx: Tx, teamId: string, transactionIds: readonly string[]): Promise<ComplianceFlagsEntry[]>;
}
export const ComplianceFlags = token<ComplianceFlags>('regtech.compliance-flags');
