import { inject, injectable } from 'inversify';
import { Page, pageRequest, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
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

  async execute(input: ListItemsInput, ctx: RequestContext): Promise<Page<ItemView>> {
    const page = pageRequest(input.page, input.per_page);
    const slice = await this.uow.readOnly((tx) => this.items.list(tx, ctx.actor.teamId, page));
    return new Page(slice.items.map(itemView), page.page, page.perPage, slice.total);
  }
}
