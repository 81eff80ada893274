import { inject, injectable } from 'inversify';
import { WorkflowEngine, type HeldSettlements, type Tx } from '../../../kernel/public.js';
import { TransferRepository } from '../ports.js';
import type { TransferWorkflowState } from './transfer-settlement.js';

/**
 * The HeldSettlements port: an operator's decision on a transfer the
 * SettlementGate held. It signals the transfer's parked settlement run in
 * the caller's unit of work (regtech's, with its regtech.review.decided), so
 * the run's 'settle' step runs there: cleared settles (transfer.completed),
 * rejected fails it and the compensation releases the hold
 * (transfer.failed), all in one commit with the decision.
 */
@injectable()
export class HeldTransfers implements HeldSettlements {
  constructor(
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
  ) {}

  async decide(tx: Tx, teamId: string, transferId: string, decision: 'cleared' | 'rejected', reason: string): Promise<boolean> {
    const transfer = await this.transfers.find(tx, teamId, transferId);
    // Not held (yet): a transfer still pending reads the decision from the gate when it reaches settlement.
    if (!transfer || transfer.status !== 'pending_review') return false;
    const patch: Partial<TransferWorkflowState> = { review: decision, review_note: reason };
    return this.workflows.signal(tx, teamId, transfer.workflowId, patch);
  }
}
