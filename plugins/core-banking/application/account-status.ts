import { inject, injectable, injectFromBase } from 'inversify';
import { Clock, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { nextStatus, requireEmpty, type AccountAction } from '../domain/account.js';
import type { AccountView, FreezeAccountInput } from '../operations.js';
import { AccountRepository, LedgerRepository } from '../ports.js';
import { optionalText } from './inputs.js';
import { accountEvent, accountView } from './views.js';

const SPECIFIC_EVENT: Record<AccountAction, string> = {
  freeze: 'account.frozen',
  unfreeze: 'account.unfrozen',
  close: 'account.closed',
};

/**
 * Freeze, unfreeze, close: one transition of the account's status, each
 * operation this one with its `action`. The account row is locked FOR
 * UPDATE, which waits for every money movement holding it FOR KEY SHARE: a
 * movement either committed before the change or sees the new status. Emits
 * account.updated and the specific event. Only freeze's route takes a reason.
 */
@injectable()
abstract class AccountStatusOperation implements Operation<FreezeAccountInput, AccountView> {
  protected abstract readonly action: AccountAction;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: FreezeAccountInput, ctx: RequestContext): Promise<AccountView> {
    const action = this.action;
    const reason = optionalText(input.reason, '/reason');
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const account = await this.accounts.lockForStatusChange(tx, teamId, input.id);
      if (!account) throw new NotFoundError('Account', input.id);
      const status = nextStatus(account.status, action);
      if (action === 'close') requireEmpty(await this.ledger.accountBalances(tx, teamId, input.id));
      const now = this.clock.now();
      await this.accounts.setStatus(tx, teamId, input.id, status, now);
      const changed = { ...account, status, updatedAt: now };
      await tx.append([
        accountEvent('account.updated', changed, account.status, reason),
        accountEvent(SPECIFIC_EVENT[action], changed, account.status, reason),
      ]);
      return accountView(changed);
    });
  }
}

/** POST /accounts/{id}/freeze: the account stops sending and receiving funds (pending transfers touching it fail at settlement). */
@injectFromBase()
export class FreezeAccountOperation extends AccountStatusOperation {
  protected readonly action = 'freeze';
}

/** POST /accounts/{id}/unfreeze: a frozen account becomes active again. */
@injectFromBase()
export class UnfreezeAccountOperation extends AccountStatusOperation {
  protected readonly action = 'unfreeze';
}

/** DELETE /accounts/{id}: closes an account whose balances are all zero (422 account_not_empty otherwise); final. */
@injectFromBase()
export class CloseAccountOperation extends AccountStatusOperation {
  protected readonly action = 'close';
}
