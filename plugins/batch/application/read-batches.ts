import { inject, injectable } from 'inversify';
import { AssetCatalog, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { ItemRecord } from '../domain/batch.js';
import type { BatchInput, BatchItemsInput, BatchItemView, BatchView, PageInput } from '../operations.js';
import { BatchRepository } from '../ports.js';
import { batchView, itemView } from './views.js';

/** GET /batches/{id}, batch(id): the batch with its progress; 404 for an unknown id or another team's. */
@injectable()
export class GetBatchOperation implements Operation<BatchInput, BatchView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BatchRepository) private readonly batches: BatchRepository,
  ) {}

  async execute(input: BatchInput, ctx: RequestContext): Promise<BatchView> {
    const batch = await this.uow.run((tx) => this.batches.find(tx, ctx.actor.teamId, input.id));
    if (!batch) throw new NotFoundError('Batch', input.id, { parameter: 'id' });
    return batchView(batch);
  }
}

/** GET /batches, batches: the team's batches, newest first. */
@injectable()
export class ListBatchesOperation implements Operation<PageInput, Page<BatchView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BatchRepository) private readonly batches: BatchRepository,
  ) {}

  execute(input: PageInput, ctx: RequestContext): Promise<Page<BatchView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), batchView, (tx, page) => this.batches.list(tx, ctx.actor.teamId, page));
  }
}

/** GET /batches/{id}/items, batchItems: the items with their outcomes, in submitted order. */
@injectable()
export class ListBatchItemsOperation implements Operation<BatchItemsInput, Page<BatchItemView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BatchRepository) private readonly batches: BatchRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: BatchItemsInput, ctx: RequestContext): Promise<Page<BatchItemView>> {
    const teamId = ctx.actor.teamId;
    return listPage(this.uow, pageRequest(input.page, input.per_page), (item: ItemRecord) => itemView(this.assets, item), async (tx, page) => {
      if (!(await this.batches.find(tx, teamId, input.id))) throw new NotFoundError('Batch', input.id, { parameter: 'id' });
      return this.batches.items(tx, teamId, input.id, page);
    });
  }
}
