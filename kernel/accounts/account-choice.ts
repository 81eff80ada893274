import { NotFoundError, ValidationError } from '../errors/errors.js';
import type { Ledger } from '../../ports/ledger.js';
import type { OnChainHoldings } from '../../ports/on-chain-holdings.js';
import type { Tx } from '../../ports/unit-of-work.js';

/**
 * Whose holdings a call moves. Version 2 DeFi and cross-chain calls take an
 * optional `account_id`: the team's account (404 for another team's or an
 * unknown one), or without it the team's oldest active account (422
 * `no_account` when it has none). Version 1 calls name a wallet address
 * instead, which must be a deposit address of one of the team's accounts on
 * that chain (another team's address is 404 too: nothing says it exists).
 */
export async function chooseAccount(tx: Tx, ledger: Ledger, teamId: string, accountId: string | undefined, pointer: string): Promise<string> {
  if (accountId !== undefined) {
    const account = await ledger.account(tx, teamId, accountId).catch((error: unknown) => {
      throw error instanceof NotFoundError ? new NotFoundError('Account', accountId, { pointer }) : error;
    });
    return account.id;
  }
  const fallback = await ledger.defaultAccount(tx, teamId);
  if (!fallback) throw ValidationError.field(pointer, 'The team has no active account: open one, or name one in account_id.', 'no_account');
  return fallback.id;
}

export async function walletAccount(tx: Tx, holdings: OnChainHoldings, teamId: string, chain: string, address: string, pointer: string): Promise<string> {
  const owner = await holdings.custodyOwner(tx, chain, address);
  if (!owner || owner.teamId !== teamId) throw new NotFoundError('Wallet', address, { pointer });
  return owner.accountId;
}
