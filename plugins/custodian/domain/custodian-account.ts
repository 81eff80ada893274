/** A link between one of the team's accounts and an account at an external custodian. */
export type LinkStatus = 'linked' | 'unlinked';

export interface CustodianAccountRecord {
  readonly id: string;
  readonly teamId: string;
  /** The team's ledger account the custodian holds the assets of. */
  readonly accountId: string;
  /** The custodian adapter's name ('simulator'). */
  readonly custodian: string;
  /** The custodian's id of the account, given when it was opened. */
  readonly externalId: string;
  readonly status: LinkStatus;
  readonly lastSyncedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What one sync found for one holding: the custodian's balance and the ledger's, in minor units. */
export interface BalanceRecord {
  readonly teamId: string;
  readonly custodianAccountId: string;
  /** The ledger's holding code (an asset code, or `<asset>@<chain>`). */
  readonly holding: string;
  readonly custodianBalance: bigint;
  readonly ledgerBalance: bigint;
  readonly syncedAt: Date;
}

/** custodian − ledger: positive when the custodian holds more than the ledger records. */
export const difference = (balance: Pick<BalanceRecord, 'custodianBalance' | 'ledgerBalance'>) => balance.custodianBalance - balance.ledgerBalance;

/**
 * One row per holding either side knows, in holding order: a holding only
 * the custodian reports has a ledger balance of 0, and the reverse.
 */
export function reconcile(
  custodian: ReadonlyMap<string, bigint>,
  ledger: ReadonlyMap<string, bigint>,
): { holding: string; custodianBalance: bigint; ledgerBalance: bigint }[] {
  const holdings = [...new Set([...custodian.keys(), ...ledger.keys()])].sort();
  return holdings.map((holding) => ({ holding, custodianBalance: custodian.get(holding) ?? 0n, ledgerBalance: ledger.get(holding) ?? 0n }));
}
