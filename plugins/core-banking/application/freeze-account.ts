import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { Clock } from '../../../ports/clock.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { FreezeAccountInput, AccountView } from '../operations.js';
import { AccountRepository, LedgerRepository } from '../ports.js';
import { changeAccountStatus } from './account-status.js';
import { optionalText } from './inputs.js';

/** POST /accounts/{id}/freeze: the account stops sending and receiving funds (pending transfers touching it fail at settlement). */
@injectable()
export class FreezeAccountOperation implements Operation<FreezeAccountInput, AccountView> {
  constructor(
    @inject(UnitOfWork) readonly uow: UnitOfWork,
    @inject(AccountRepository) readonly accounts: AccountRepository,
    @inject(LedgerRepository) readonly ledger: LedgerRepository,
    @inject(Clock) readonly clock: Clock,
  ) {}

  execute(input: FreezeAccountInput, ctx: RequestContext): Promise<AccountView> {
    return changeAccountStatus(this, ctx.actor.teamId, input.id, 'freeze', optionalText(input.reason, '/reason'));
  }
}
