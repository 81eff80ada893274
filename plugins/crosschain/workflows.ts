import { defineWorkflow, token, type Tx, type WorkflowDefinition, type WorkflowRunMeta, type WorkflowStep } from '../../kernel/public.js';
import { CROSS_CHAIN_SWAP_WORKFLOW, CrossChainSwaps, type CrossChainSwapState } from './application/cross-chain-swaps.js';
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
  return defineWorkflow<BridgeWorkflowState>({ name: BRIDGE_WORKFLOW, maxAttempts: 5, steps: bridgeSteps(lifecycle, (tx, state, meta) => lifecycle.refund(tx, state, meta)) });
}

/** The lifecycle's steps, 'lock' compensated by `refund` (a larger workflow adds its own bookkeeping to the refund). */
function bridgeSteps<S extends BridgeWorkflowState>(lifecycle: BridgeLifecycle, refund: (tx: Tx, state: S, meta: WorkflowRunMeta) => Promise<void>): WorkflowStep<S>[] {
  return [
    {
      name: 'lock',
      // Done by the initiation, in its own unit of work (BridgeTransfers.initiate); a run never starts here.
      run: async () => undefined,
      compensate: refund,
    },
    { name: 'confirm_source', notBefore: (state) => at(state.source_confirm_at), run: (tx, state) => lifecycle.confirmSource(tx, state) },
    { name: 'attest', notBefore: (state) => at(state.attest_at), run: (tx, state) => lifecycle.attest(tx, state) },
    { name: 'deliver', notBefore: (state) => at(state.deliver_at), run: (tx, state) => lifecycle.deliver(tx, state) },
  ];
}

/**
 * 'crosschain.cross-chain-swap': the bridge lifecycle's steps, then 'swap'
 * on the destination once the tokens have arrived (docs/crosschain.md,
 * "Cross-chain swaps"). A bridge that fails refunds the source and marks the
 * swap failed; a swap the pools would pay too little for is not a failure
 * of the run: the policy keeps the bridged token (bridged_not_swapped).
 */
export const CrossChainSwapWorkflow = token<WorkflowDefinition<CrossChainSwapState>>('crosschain.cross-chain-swap-workflow');

export function crossChainSwapWorkflow(lifecycle: BridgeLifecycle, swaps: CrossChainSwaps): WorkflowDefinition<CrossChainSwapState> {
  return defineWorkflow<CrossChainSwapState>({
    name: CROSS_CHAIN_SWAP_WORKFLOW,
    maxAttempts: 5,
    steps: [
      ...bridgeSteps<CrossChainSwapState>(lifecycle, async (tx, state, meta) => {
        await lifecycle.refund(tx, state, meta);
        await swaps.bridgeEnded(tx, state, meta);
      }),
      { name: 'swap', run: (tx, state) => swaps.swapOnArrival(tx, state) },
    ],
  });
}
