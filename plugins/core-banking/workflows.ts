import { defineWorkflow, token, type WorkflowDefinition } from '../../kernel/public.js';
import type { CoreBankingConfig } from './config.js';
import { TRANSFER_WORKFLOW, TransferSettlement, type TransferWorkflowState } from './application/transfer-settlement.js';

/**
 * 'core-banking.transfer': reserve → settle.
 *
 * POST /transfers performs 'reserve' (the hold) itself and starts the run
 * with completedSteps = 1, due after settlement_delay_ms. 'settle' checks
 * that both accounts are still active and captures the hold, for every due
 * transfer at once (runBatch). When it fails for good (StepFailure: an
 * account frozen or closed meanwhile) or the run passes
 * transfer_timeout_ms, the runner compensates 'reserve' (the hold is
 * released) and onFinished marks the transfer failed or expired.
 */
export const TransferWorkflow = token<WorkflowDefinition<TransferWorkflowState>>('core-banking.transfer-workflow');

export function transferWorkflow(settlement: TransferSettlement, config: CoreBankingConfig): WorkflowDefinition<TransferWorkflowState> {
  return defineWorkflow<TransferWorkflowState>({
    name: TRANSFER_WORKFLOW,
    timeoutMs: config.transfer_timeout_ms,
    maxAttempts: 5,
    steps: [
      {
        name: 'reserve',
        run: (tx, state, meta) => settlement.reserve(tx, state, meta),
        compensate: (tx, state, meta) => settlement.release(tx, state, meta),
      },
      { name: 'settle', runBatch: (tx, runs) => settlement.settle(tx, runs) },
    ],
    onFinished: (tx, state, outcome, meta) => settlement.finish(tx, state, outcome, meta),
  });
}
