import { BusinessRuleError, ConflictError } from '../../../kernel/public.js';

/**
 * Account lifecycle: active ⇄ frozen, and either → closed (final, only with
 * nothing left on the account). Only active accounts are debited or credited.
 */
export type AccountStatus = 'active' | 'frozen' | 'closed';
export type AccountAction = 'freeze' | 'unfreeze' | 'close';

export const DEFAULT_ACCOUNT_TYPES = ['personal', 'business', 'savings'] as const;

export function requireActive(accountId: string, status: AccountStatus, pointer?: string): void {
  if (status !== 'active') {
    throw new BusinessRuleError(
      'account_not_active',
      `Account ${accountId} is ${status}; it can neither send nor receive funds.`,
      pointer === undefined ? undefined : { pointer },
    );
  }
}

/** The status after `action`, or 409 when the account is not in a state that allows it. */
export function nextStatus(status: AccountStatus, action: AccountAction): AccountStatus {
  if (status === 'closed') throw new ConflictError('The account is closed.', 'account_closed');
  switch (action) {
    case 'freeze':
      if (status === 'frozen') throw new ConflictError('The account is already frozen.', 'account_already_frozen');
      return 'frozen';
    case 'unfreeze':
      if (status !== 'frozen') throw new ConflictError('The account is not frozen.', 'account_not_frozen');
      return 'active';
    case 'close':
      return 'closed';
  }
}

/** Closing needs every balance (available and reserved, every asset) at zero. */
export function requireEmpty(balances: readonly { assetCode: string; available: bigint; reserved: bigint }[]): void {
  const left = balances.filter((row) => row.available !== 0n || row.reserved !== 0n).map((row) => row.assetCode);
  if (left.length > 0) {
    throw new BusinessRuleError('account_not_empty', `The account still holds ${left.join(', ')}; withdraw or transfer it before closing.`);
  }
}
