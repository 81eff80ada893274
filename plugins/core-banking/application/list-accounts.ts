import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { listPage, type Page, pageRequest } from '../../../kernel/contract/page.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
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
