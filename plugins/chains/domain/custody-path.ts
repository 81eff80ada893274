/**
 * Where an account's deposit addresses sit in the service's HD tree
 * (BIP-32, BIP-44 with coin type 60, Ether, for every EVM chain): each bank
 * account is a hardened BIP-44 account, `m/44'/60'/<account index>'`, and
 * each chain an address under its external chain, `/0/<chain slot>`. The
 * hardened level means that a leaked account key reveals no other account.
 */
export const MAX_ACCOUNT_INDEX = 2 ** 31 - 1;

export function accountKeyPath(accountIndex: number): string {
  if (!Number.isInteger(accountIndex) || accountIndex < 0 || accountIndex > MAX_ACCOUNT_INDEX) throw new RangeError(`account index out of range: ${accountIndex}`);
  return `m/44'/60'/${accountIndex}'/0`;
}

export function custodyPath(accountIndex: number, chainSlot: number): string {
  return `${accountKeyPath(accountIndex)}/${chainSlot}`;
}
