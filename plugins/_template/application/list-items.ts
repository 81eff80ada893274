import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { ItemView, ListItemsInput } from '../operations.js';
import { ItemRepository } from '../ports.js';
import { itemView } from './views.js';

/** GET /template/items, templateItems: the caller's team's items, oldest first. */
@injectable()
export class ListItemsOperation implements Operation<ListItemsInput, Page<ItemView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ItemRepository) private readonly items: ItemRepository,
  ) {}

  execute(input: ListItemsInput, ctx: RequestContext): Promise<Page<ItemView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), itemView, (tx, page) => this.items.list(tx, ctx.actor.teamId, page));
  }
}
