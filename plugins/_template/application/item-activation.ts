import { inject, injectable } from 'inversify';
import type { Tx, WorkflowRunMeta } from '../../../kernel/public.js';
import { ItemActivated } from '../events.js';
import { ItemRepository } from '../ports.js';
import { itemView } from './views.js';

export const ACTIVATE_ITEM_WORKFLOW = 'template.activate-item';

export interface ActivateItemState {
  readonly itemId: string;
}

/**
 * The activation workflow's one step: runs after the creating unit of work
 * committed, in its own, with the step record. An item that is no longer
 * pending is left as it is, so a replayed step changes nothing.
 */
@injectable()
export class ItemActivation {
  constructor(@inject(ItemRepository) private readonly items: ItemRepository) {}

  async activate(tx: Tx, state: ActivateItemState, meta: WorkflowRunMeta): Promise<void> {
    const item = await this.items.activate(tx, meta.teamId, state.itemId, meta.now);
    if (!item) return;
    await tx.append([{ type: ItemActivated.name, teamId: item.teamId, aggregateType: 'template_item', aggregateId: item.id, payload: itemView(item) }]);
  }
}
