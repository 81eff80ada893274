import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** A transfer at its settlement step, as the gate weighs it. Amounts are bigint minor units. */
export interface SettlementCandidate {
  readonly teamId: string;
  readonly transferId: string;
  readonly fromAccount: string;
  readonly toAccount: string;
  readonly amount: bigint;
  readonly assetCode: string;
  readonly createdAt: Date;
}

/**
 * settle: go ahead; hold: wait in pending_review for an operator's decision;
 * reject: an operator already rejected it, fail it and release the hold.
 */
export type SettlementDecision = 'settle' | 'hold' | 'reject';

/**
 * What core banking's settlement step asks before it captures a transfer
 * (optional; provided by regtech, docs/regtech.md#holding-a-transfer-for-review).
 * Called inside the settlement's unit of work, for every transfer of the
 * batch at once; whatever the gate records (monitoring's record of the
 * transfer) commits with the settlement or the hold. One decision per
 * candidate, in order.
 */
export interface SettlementGate {
  review(tx: Tx, candidates: readonly SettlementCandidate[]): Promise<SettlementDecision[]>;
}
export const SettlementGate = token<SettlementGate>('regtech.settlement-gate');

/**
 * The other half (provided by core banking, read by regtech): an operator's
 * decision on a held transfer, carried out in the caller's unit of work.
 * cleared: the transfer settles now (transfer.completed); rejected: it fails
 * and its hold is released (transfer.failed with `reason`). False when the
 * transfer is not the team's or is not held (a decision taken before the
 * settlement step is read there from the gate instead).
 */
export interface HeldSettlements {
  decide(tx: Tx, teamId: string, transferId: string, decision: 'cleared' | 'rejected', reason: string): Promise<boolean>;
}
export const HeldSettlements = token<HeldSettlements>('core-banking.held-settlements');
