import { NotFoundError } from '../../../kernel/errors/errors.js';
import type { Clock } from '../../../ports/clock.js';
import type { UnitOfWork } from '../../../ports/unit-of-work.js';
import { nextStatus, requireEmpty, type AccountAction } from '../domain/account.js';
import type { AccountView } from '../operations.js';
import type { AccountRepository, LedgerRepository } from '../ports.js';
import { accountEvent, accountView } from './views.js';

export interface AccountStatusDeps {
  readonly uow: UnitOfWork;
  readonly accounts: AccountRepository;
  readonly ledger: LedgerRepository;
  readonly clock: Clock;
}

const SPECIFIC_EVENT: Record<AccountAction, string> = {
  freeze: 'account.frozen',
  unfreeze: 'account.unfrozen',
  close: 'account.closed',
};

/**
 * Freeze, unfreeze, close. The account row is locked FOR UPDATE, which waits
 * for every money movement holding it FOR KEY SHARE: a movement either
 * committed before the change or sees the new status. Emits account.updated
 * and the specific event.
 */
export function changeAccountStatus(
  deps: AccountStatusDeps,
  teamId: string,
  accountId: string,
  action: AccountAction,
  reason: string | null = null,
): Promise<AccountView> {
  return deps.uow.run(async (tx) => {
    const account = await deps.accounts.lockForStatusChange(tx, teamId, accountId);
    if (!account) throw new NotFoundError('Account', accountId);
    const status = nextStatus(account.status, action);
    if (action === 'close') requireEmpty(await deps.ledger.accountBalances(tx, teamId, accountId));
    const now = deps.clock.now();
    await deps.accounts.setStatus(tx, teamId, accountId, status, now);
    const changed = { ...account, status, updatedAt: now };
    await tx.append([
      accountEvent('account.updated', changed, account.status, reason),
      accountEvent(SPECIFIC_EVENT[action], changed, account.status, reason),
    ]);
    return accountView(changed);
  });
}
