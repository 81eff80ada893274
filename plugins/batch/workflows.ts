import { defineWorkflow, token, type WorkflowDefinition } from '../../kernel/public.js';
import { APPLY_ITEM_WORKFLOW, ItemApplication, type ApplyItemState } from './application/apply-item.js';

/** 'batch.apply-item': one run per item, one step, 'apply'. */
export const ApplyItemWorkflow = token<WorkflowDefinition<ApplyItemState>>('batch.apply-item-workflow');

export function applyItemWorkflow(application: ItemApplication): WorkflowDefinition<ApplyItemState> {
  return defineWorkflow<ApplyItemState>({
    name: APPLY_ITEM_WORKFLOW,
    maxAttempts: 5,
    steps: [{ name: 'apply', run: (tx, state, meta) => application.apply(tx, state, meta) }],
    onFinished: (tx, state, outcome, meta) => application.finished(tx, state, outcome, meta),
  });
}
