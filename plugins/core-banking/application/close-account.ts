import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { Clock } from '../../../ports/clock.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { AccountIdInput, AccountView } from '../operations.js';
import { AccountRepository, LedgerRepository } from '../ports.js';
import { changeAccountStatus } from './account-status.js';

/** DELETE /accounts/{id}: closes an account whose balances are all zero (422 account_not_empty otherwise); final. */
@injectable()
export class CloseAccountOperation implements Operation<AccountIdInput, AccountView> {
  constructor(
    @inject(UnitOfWork) readonly uow: UnitOfWork,
    @inject(AccountRepository) readonly accounts: AccountRepository,
    @inject(LedgerRepository) readonly ledger: LedgerRepository,
    @inject(Clock) readonly clock: Clock,
  ) {}

  execute(input: AccountIdInput, ctx: RequestContext): Promise<AccountView> {
    return changeAccountStatus(this, ctx.actor.teamId, input.id, 'close');
  }
}
