import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { AccountView, PageInput } from '../operations.js';
import { AccountRepository } from '../ports.js';
import { accountView } from './views.js';

/** GET /accounts: the caller's team's accounts, oldest first. */
@injectable()
export class ListAccountsOperation implements Operation<PageInput, Page<AccountView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
  ) {}

  async execute(input: PageInput, ctx: RequestContext): Promise<Page<AccountView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), accountView, (tx, page) => this.accounts.list(tx, ctx.actor.teamId, page));
  }
}
