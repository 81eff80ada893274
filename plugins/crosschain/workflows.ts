import { defineWorkflow, token, type WorkflowDefinition } from '../../kernel/public.js';
import { BRIDGE_WORKFLOW, BridgeLifecycle, type BridgeWorkflowState } from './application/bridge-lifecycle.js';

/**
 * 'crosschain.bridge-transfer': lock → confirm_source → attest → deliver.
 *
 * The initiation performs 'lock' itself (the debit, so insufficient funds
 * is a synchronous 422) and starts the run with completedSteps = 1. Each
 * later step waits (notBefore) for its time in the transfer's schedule, so
 * the run sleeps in the workflow store and a restart resumes it at the same
 * step. A step that fails for good (an injected fault, or a delivery that
 * keeps failing) compensates 'lock': the refund, which marks the transfer
 * failed. No whole-workflow timeout: a timeout is the deliver step's own
 * (its schedule's timeout_at), so it is simulated time like the rest.
 */
export const BridgeTransferWorkflow = token<WorkflowDefinition<BridgeWorkflowState>>('crosschain.bridge-transfer-workflow');

const at = (iso: string) => new Date(iso);

export function bridgeTransferWorkflow(lifecycle: BridgeLifecycle): WorkflowDefinition<BridgeWorkflowState> {
  return defineWorkflow<BridgeWorkflowState>({
    name: BRIDGE_WORKFLOW,
    maxAttempts: 5,
    steps: [
      {
        name: 'lock',
        // Done by the initiation, in its own unit of work (BridgeTransfers.initiate); a run never starts here.
        run: async () => undefined,
        compensate: (tx, state, meta) => lifecycle.refund(tx, state, meta),
      },
      { name: 'confirm_source', notBefore: (state) => at(state.source_confirm_at), run: (tx, state) => lifecycle.confirmSource(tx, state) },
      { name: 'attest', notBefore: (state) => at(state.attest_at), run: (tx, state) => lifecycle.attest(tx, state) },
      { name: 'deliver', notBefore: (state) => at(state.deliver_at), run: (tx, state) => lifecycle.deliver(tx, state) },
    ],
  });
}
