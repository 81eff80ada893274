import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { Page, pageRequest } from '../../../kernel/contract/page.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { NotFoundError } from '../../../kernel/errors/errors.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { ListAccountTransfersInput, TransferView } from '../operations.js';
import { AccountRepository, TransferRepository } from '../ports.js';
import { transferView } from './views.js';

/** GET /accounts/{id}/transfers: transfers sent or received by the account, newest first. */
@injectable()
export class ListAccountTransfersOperation implements Operation<ListAccountTransfersInput, Page<TransferView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: ListAccountTransfersInput, ctx: RequestContext): Promise<Page<TransferView>> {
    const page = pageRequest(input.page, input.per_page);
    const teamId = ctx.actor.teamId;
    const slice = await this.uow.run(async (tx) => {
      if (!(await this.accounts.find(tx, teamId, input.id))) throw new NotFoundError('Account', input.id);
      return this.transfers.listByAccount(tx, teamId, input.id, page);
    });
    return new Page(
      slice.items.map((transfer) => transferView(this.assets, transfer)),
      page.page,
      page.perPage,
      slice.total,
    );
  }
}
