import { inject, injectable } from 'inversify';
import { AssetCatalog, listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { ListAccountTransfersInput, TransferView } from '../operations.js';
import { AccountRepository, TransferRepository, type TransferRecord } from '../ports.js';
import { requireAccount } from './require-account.js';
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
    const teamId = ctx.actor.teamId;
    const view = (transfer: TransferRecord) => transferView(this.assets, transfer);
    return listPage(this.uow, pageRequest(input.page, input.per_page), view, async (tx, page) => {
      await requireAccount(this.accounts, tx, teamId, input.id);
      return this.transfers.listByAccount(tx, teamId, input.id, page);
    });
  }
}
