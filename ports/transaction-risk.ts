import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** Monitoring's view of one transaction. */
export interface TransactionRiskSignal {
  /** 0 (no risk) to 100; null when the transaction was not scored. */
  readonly riskScore: number | null;
  /** Compliance flags raised on it (e.g. 'large_amount', 'sanctions_hit'); empty when none. */
  readonly complianceFlags: readonly string[];
}

/**
 * Risk scores and compliance flags of transactions, for readers outside
 * transaction monitoring (the natural-language queries of `ai`). Read
 * optionally: to be provided by regtech's transaction monitoring; without it
 * scores are null and flag lists empty. Scoped by team.
 */
export interface TransactionRisk {
  /** Signals of the given transactions of the team; ids it knows nothing of are absent. */
  signals(tx: Tx, teamId: string, transactionIds: readonly string[]): Promise<ReadonlyMap<string, TransactionRiskSignal>>;
}
export const TransactionRisk = token<TransactionRisk>('regtech.transaction-risk');
