import { inject, injectable } from 'inversify';
import { Clock, Ids, UnitOfWork, WorkflowEngine, type Operation, type RequestContext } from '../../../kernel/public.js';
import { checkExpiry, type ItemRecord } from '../domain/item.js';
import { ItemCreated } from '../events.js';
import type { CreateItemInput, ItemView } from '../operations.js';
import { ItemRepository } from '../ports.js';
import { ACTIVATE_ITEM_WORKFLOW } from './item-activation.js';
import { itemView } from './views.js';

/**
 * POST /template/items, createTemplateItem: stores a pending item, appends
 * its event and starts its activation workflow, all in one unit of work.
 */
@injectable()
export class CreateItemOperation implements Operation<CreateItemInput, ItemView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ItemRepository) private readonly items: ItemRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateItemInput, ctx: RequestContext): Promise<ItemView> {
    const now = this.clock.now();
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    checkExpiry(expiresAt, now);
    const item: ItemRecord = { id: this.ids.uuid(), teamId: ctx.actor.teamId, title: input.title, status: 'pending', expiresAt, createdAt: now, updatedAt: now };
    return this.uow.run(async (tx) => {
      await this.items.insert(tx, item);
      const view = itemView(item);
      await tx.append([{ type: ItemCreated.name, teamId: item.teamId, aggregateType: 'template_item', aggregateId: item.id, payload: view }]);
      await this.workflows.start(tx, { definition: ACTIVATE_ITEM_WORKFLOW, teamId: item.teamId, state: { itemId: item.id }, emitEvents: false });
      return view;
    });
  }
}
