import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { AccountDetailView, AccountIdInput } from '../operations.js';
import { AccountRepository, LedgerRepository } from '../ports.js';
import { requireAccount } from './require-account.js';
import { Holdings } from './holdings.js';
import { accountView, balanceView } from './views.js';

/** GET /accounts/{id}: the account and its balance per asset. */
@injectable()
export class GetAccountOperation implements Operation<AccountIdInput, AccountDetailView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async execute(input: AccountIdInput, ctx: RequestContext): Promise<AccountDetailView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const account = await requireAccount(this.accounts, tx, teamId, input.id);
      const balances = await this.ledger.accountBalances(tx, teamId, account.id);
      return { ...accountView(account), balances: balances.map((row) => balanceView(this.holdings, row)) };
    });
  }
}
