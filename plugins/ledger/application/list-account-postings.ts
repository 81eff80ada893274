import { inject, injectable } from 'inversify';
import { Ledger, LedgerJournal, listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { AccountPostingsInput, PostingView } from '../operations.js';
import { postingView } from './views.js';

/** A system account's name as the Ledger port writes it ('system:fees', 'system:interest.expense' …). */
const SYSTEM_ACCOUNT = /^system:[a-z0-9][a-z0-9._-]*$/;

/**
 * GET /ledger/accounts/{id}/postings, ledgerAccountPostings: an account's
 * postings, newest first. A customer account must be the team's (404
 * otherwise, as everywhere); a system account is read within the team, so
 * system:fees shows the fees this team's movements paid, nobody else's.
 */
@injectable()
export class ListAccountPostingsOperation implements Operation<AccountPostingsInput, Page<PostingView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(LedgerJournal) private readonly journal: LedgerJournal,
  ) {}

  execute(input: AccountPostingsInput, ctx: RequestContext): Promise<Page<PostingView>> {
    const teamId = ctx.actor.teamId;
    return listPage(this.uow, pageRequest(input.page, input.per_page), postingView, async (tx, page) => {
      if (!SYSTEM_ACCOUNT.test(input.id)) await this.ledger.account(tx, teamId, input.id);
      return this.journal.accountPostings(tx, teamId, input.id, page);
    });
  }
}
