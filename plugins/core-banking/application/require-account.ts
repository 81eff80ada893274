import { NotFoundError, type Tx } from '../../../kernel/public.js';
import type { AccountRecord, AccountRepository } from '../ports.js';

/** The team's account `id`, or 404: another team's account is as absent as one that never existed. */
export async function requireAccount(accounts: AccountRepository, tx: Tx, teamId: string, id: string): Promise<AccountRecord> {
  const account = await accounts.find(tx, teamId, id);
  if (!account) throw new NotFoundError('Account', id);
  return account;
}
