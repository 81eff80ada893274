import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { Clock } from '../../../ports/clock.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { AccountIdInput, AccountView } from '../operations.js';
import { AccountRepository, LedgerRepository } from '../ports.js';
import { changeAccountStatus } from './account-status.js';

/** POST /accounts/{id}/unfreeze: a frozen account becomes active again. */
@injectable()
export class UnfreezeAccountOperation implements Operation<AccountIdInput, AccountView> {
  constructor(
    @inject(UnitOfWork) readonly uow: UnitOfWork,
    @inject(AccountRepository) readonly accounts: AccountRepository,
    @inject(LedgerRepository) readonly ledger: LedgerRepository,
    @inject(Clock) readonly clock: Clock,
  ) {}

  execute(input: AccountIdInput, ctx: RequestContext): Promise<AccountView> {
    return changeAccountStatus(this, ctx.actor.teamId, input.id, 'unfreeze');
  }
}
