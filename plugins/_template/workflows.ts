import { defineWorkflow, token, type WorkflowDefinition } from '../../kernel/public.js';
import { ACTIVATE_ITEM_WORKFLOW, ItemActivation, type ActivateItemState } from './application/item-activation.js';

/** 'template.activate-item': one step, 'activate', right after the item is created. */
export const ActivateItemWorkflow = token<WorkflowDefinition<ActivateItemState>>('template.activate-item-workflow');

export function activateItemWorkflow(activation: ItemActivation): WorkflowDefinition<ActivateItemState> {
  return defineWorkflow<ActivateItemState>({
    name: ACTIVATE_ITEM_WORKFLOW,
    maxAttempts: 5,
    steps: [{ name: 'activate', run: (tx, state, meta) => activation.activate(tx, state, meta) }],
  });
}
