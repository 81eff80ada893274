import { defineWorkflow, token, type WorkflowDefinition } from '../../kernel/public.js';
import { SETTLE_PAYMENT_INTENT_WORKFLOW } from './application/payment-intents.js';
import { PaymentSettlement, type SettleIntentState } from './application/payment-settlement.js';

/** 'mobile.settle-payment-intent': one step, 'settle', queued by confirming; a failed run leaves the intent failed and its hold released. */
export const SettlePaymentIntentWorkflow = token<WorkflowDefinition<SettleIntentState>>('mobile.settle-payment-intent-workflow');

export function settlePaymentIntentWorkflow(settlement: PaymentSettlement): WorkflowDefinition<SettleIntentState> {
  return defineWorkflow<SettleIntentState>({
    name: SETTLE_PAYMENT_INTENT_WORKFLOW,
    maxAttempts: 5,
    steps: [{ name: 'settle', run: (tx, state, meta) => settlement.settle(tx, state, meta) }],
    onFinished: (tx, state, outcome, meta) => settlement.finished(tx, state, outcome, meta),
  });
}
