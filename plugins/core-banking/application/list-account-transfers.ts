import { inject, injectable } from 'inversify';
import {
  cursorRequest,
  listCursorPage,
  listPage,
  pageRequest,
  UnitOfWork,
  type CursorPage,
  type Operation,
  type Page,
  type RequestContext,
} from '../../../kernel/public.js';
import type { ListAccountTransfersInput, TransferView } from '../operations.js';
import { AccountRepository, TransferRepository, type TransferRecord } from '../ports.js';
import { requireAccount } from './require-account.js';
import { Holdings } from './holdings.js';
import { transferView } from './views.js';

/** GET /accounts/{id}/transfers: transfers sent or received by the account, newest first, by page or by cursor. */
@injectable()
export class ListAccountTransfersOperation implements Operation<ListAccountTransfersInput, Page<TransferView> | CursorPage<TransferView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async execute(input: ListAccountTransfersInput, ctx: RequestContext): Promise<Page<TransferView> | CursorPage<TransferView>> {
    const teamId = ctx.actor.teamId;
    const view = (transfer: TransferRecord) => transferView(this.holdings, transfer);
    const cursor = cursorRequest(input.starting_after, input.ending_before, input.page, input.per_page);
    if (cursor) {
      return listCursorPage(this.uow, cursor, view, async (tx) => {
        await requireAccount(this.accounts, tx, teamId, input.id);
        return this.transfers.listByAccountCursor(tx, teamId, input.id, cursor);
      }, 'transfer');
    }
    return listPage(this.uow, pageRequest(input.page, input.per_page), view, async (tx, page) => {
      await requireAccount(this.accounts, tx, teamId, input.id);
      return this.transfers.listByAccount(tx, teamId, input.id, page);
    });
  }
}
