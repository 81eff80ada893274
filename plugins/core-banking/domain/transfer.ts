import { ConflictError, type WorkflowOutcome } from '../../../kernel/public.js';

/**
 * Transfer state machine:
 *
 *   pending ──settle──▶ completed ──(reversal, not offered yet)──▶ reversed
 *      │                    ▲
 *      ├──gate holds──▶ pending_review ──operator clears──┘
 *      │                    └──operator rejects, hold released──▶ failed
 *      ├──step failed, hold released──▶ failed
 *      └──deadline passed, hold released──▶ expired
 *
 * pending_review (the SettlementGate, regtech's monitoring, held it at the
 * settlement step) keeps the hold and waits for the operator without a
 * deadline: it never expires.
 */
export type TransferStatus = 'pending' | 'pending_review' | 'completed' | 'failed' | 'expired' | 'reversed';

const NEXT: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  pending: ['completed', 'pending_review', 'failed', 'expired'],
  pending_review: ['completed', 'failed'],
  completed: ['reversed'],
  failed: [],
  expired: [],
  reversed: [],
};

export function canTransition(from: TransferStatus, to: TransferStatus): boolean {
  return NEXT[from].includes(to);
}

export function assertTransition(from: TransferStatus, to: TransferStatus): void {
  if (!canTransition(from, to)) throw new ConflictError(`A ${from} transfer cannot become ${to}.`, 'invalid_transfer_state');
}

export function isFinal(status: TransferStatus): boolean {
  return NEXT[status].length === 0;
}

/** The transfer status a finished settlement workflow leaves behind. */
export function statusForOutcome(outcome: WorkflowOutcome): TransferStatus {
  switch (outcome) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'timed_out':
      return 'expired';
  }
}
