import { BusinessRuleError, InsufficientFundsError } from '../../../kernel/public.js';

/**
 * Pure ledger rules: which accounts are system accounts, what makes a
 * movement well formed, and the balance arithmetic every store shares.
 * Amounts are bigint minor units; nothing here does I/O.
 */
export const SYSTEM_PREFIX = 'system:';
export { WORLD_ACCOUNT } from '../../../kernel/public.js';
/** Where transfer fees are booked. */
export const FEES_ACCOUNT = 'system:fees';

const SYSTEM_NAME = /^system:[a-z0-9][a-z0-9._-]{0,62}$/;

/**
 * The most a customer balance (available + reserved) may hold, in minor
 * units of its asset: 10^30 − 1, i.e. 10^28 USD or 10^12 ETH. A movement
 * that would take a balance past it is refused (422
 * balance_limit_exceeded) before anything is written, so balances stay far
 * inside NUMERIC(78,0) and every balance fits the amount format
 * (kernel/money MAX_INTEGER_DIGITS) whatever the asset's precision.
 */
export const MAX_BALANCE_MINOR = 10n ** 30n - 1n;

export class BalanceLimitError extends BusinessRuleError {
  constructor(accountId: string, assetCode: string) {
    super('balance_limit_exceeded', `This movement would take the ${assetCode} balance of account ${accountId} above the largest balance the bank holds.`);
  }
}

export function isSystemAccount(accountId: string): boolean {
  return accountId.startsWith(SYSTEM_PREFIX);
}

export interface Leg {
  readonly accountId: string;
  readonly assetCode: string;
  /** Signed: positive credits, negative debits. */
  readonly amount: bigint;
}

/**
 * One balance row's identity. Account ids are unique across teams, so the
 * sort order below is one global order; the team rides along so every query
 * is still scoped by it, also when one batch serves several teams.
 */
export interface BalanceKey {
  readonly teamId: string;
  readonly accountId: string;
  readonly assetCode: string;
}

export interface BalanceState {
  readonly available: bigint;
  readonly reserved: bigint;
}

export interface BalanceRow extends BalanceKey, BalanceState {}

export interface BalanceDelta extends BalanceKey {
  readonly available: bigint;
  readonly reserved: bigint;
}

/** A customer account of one team. */
export interface AccountRef {
  readonly teamId: string;
  readonly accountId: string;
}

/** A movement the caller built wrongly: a bug, never a client's input. */
export class LedgerRuleError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerRuleError';
  }
}

export function keyOf(key: BalanceKey): string {
  return balanceId(key.teamId, key.accountId, key.assetCode);
}

/** keyOf of a row's fields, for a lookup that has no key object at hand. */
export function balanceId(teamId: string, accountId: string, assetCode: string): string {
  return `${teamId}\u0000${accountId}\u0000${assetCode}`;
}

/** A map key for a team's record by id (holds, transfers): ids are unique per team, not across teams. */
export function teamKey(teamId: string, id: string): string {
  return `${teamId}\u0000${id}`;
}

export function refOf(ref: AccountRef): string {
  return `${ref.teamId}\u0000${ref.accountId}`;
}

/** Sorted (account, asset) order: the one order every lock is taken in. */
export function compareKeys(a: BalanceKey, b: BalanceKey): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  if (a.assetCode !== b.assetCode) return a.assetCode < b.assetCode ? -1 : 1;
  if (a.teamId !== b.teamId) return a.teamId < b.teamId ? -1 : 1;
  return 0;
}

/** Unique account refs in account id order (the order accounts are locked in). */
export function sortedRefs(refs: readonly AccountRef[]): AccountRef[] {
  const unique = new Map<string, AccountRef>();
  for (const ref of refs) unique.set(refOf(ref), { teamId: ref.teamId, accountId: ref.accountId });
  return [...unique.values()].sort(compareRefs);
}

/** compareKeys for refs (no asset): account id, then team. */
function compareRefs(a: AccountRef, b: AccountRef): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  if (a.teamId !== b.teamId) return a.teamId < b.teamId ? -1 : 1;
  return 0;
}

/**
 * Checks a movement: at least two legs, no zero amounts, well-formed system
 * account names, and the legs of every asset summing to zero.
 */
export function validateLegs(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new LedgerRuleError('a movement needs at least two legs');
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) {
      throw new LedgerRuleError(`leg of ${leg.accountId} has no amount`);
    }
    if (leg.accountId === '' || leg.assetCode === '') throw new LedgerRuleError('a leg needs an account and an asset');
    if (isSystemAccount(leg.accountId) && !SYSTEM_NAME.test(leg.accountId)) {
      throw new LedgerRuleError(`malformed system account '${leg.accountId}'`);
    }
    sums.set(leg.assetCode, (sums.get(leg.assetCode) ?? 0n) + leg.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new LedgerRuleError(`legs of ${asset} sum to ${sum}, not zero`);
  }
}

/** Net change of `available` per customer (account, asset) of one team's movement, in sorted key order. */
export function customerDeltas(teamId: string, legs: readonly Leg[]): BalanceDelta[] {
  const net = new Map<string, BalanceDelta>();
  for (const leg of legs) {
    if (isSystemAccount(leg.accountId)) continue;
    const id = balanceId(teamId, leg.accountId, leg.assetCode);
    const before = net.get(id)?.available ?? 0n;
    net.set(id, { teamId, accountId: leg.accountId, assetCode: leg.assetCode, available: before + leg.amount, reserved: 0n });
  }
  return [...net.values()].sort(compareKeys);
}

/** Unique keys in sorted order. */
export function sortedKeys(keys: readonly BalanceKey[]): BalanceKey[] {
  const unique = new Map<string, BalanceKey>();
  for (const key of keys) unique.set(keyOf(key), { teamId: key.teamId, accountId: key.accountId, assetCode: key.assetCode });
  return [...unique.values()].sort(compareKeys);
}

/**
 * Applies deltas to the current rows (missing rows count as zero) and
 * returns the new rows in sorted order. A customer balance never goes below
 * zero: a shortfall of `available` is insufficient funds (422); a shortfall
 * of `reserved` means a hold was spent twice, which is a bug. Nor does it
 * grow past MAX_BALANCE_MINOR (422); a change that does not raise the total
 * (a hold, a release, a debit) is never refused for it.
 */
export function applyDeltas(current: readonly BalanceRow[], deltas: readonly BalanceDelta[]): BalanceRow[] {
  const rows = new Map<string, BalanceRow>();
  for (const row of current) rows.set(keyOf(row), row);
  return applyKeyed(rows, deltas).map((changed) => changed.row);
}

/** applyDeltas over rows by keyOf, each new row with its key (the caller keeps them by it). */
function applyKeyed(rows: ReadonlyMap<string, BalanceRow>, deltas: readonly BalanceDelta[]): { id: string; row: BalanceRow }[] {
  const combined = new Map<string, BalanceDelta>();
  for (const delta of deltas) {
    const id = keyOf(delta);
    const before = combined.get(id);
    combined.set(id, {
      teamId: delta.teamId,
      accountId: delta.accountId,
      assetCode: delta.assetCode,
      available: (before?.available ?? 0n) + delta.available,
      reserved: (before?.reserved ?? 0n) + delta.reserved,
    });
  }
  const result: { id: string; row: BalanceRow }[] = [];
  for (const [id, delta] of combined) {
    const row = rows.get(id);
    const available = (row?.available ?? 0n) + delta.available;
    const reserved = (row?.reserved ?? 0n) + delta.reserved;
    if (available < 0n) {
      throw new InsufficientFundsError(
        `Account ${delta.accountId} has insufficient available ${delta.assetCode} for this movement.`,
      );
    }
    if (reserved < 0n) throw new LedgerRuleError(`reserved ${delta.assetCode} of ${delta.accountId} would fall below zero`);
    if (delta.available + delta.reserved > 0n && available + reserved > MAX_BALANCE_MINOR) {
      throw new BalanceLimitError(delta.accountId, delta.assetCode);
    }
    result.push({ id, row: { teamId: delta.teamId, accountId: delta.accountId, assetCode: delta.assetCode, available, reserved } });
  }
  return result.sort((a, b) => compareKeys(a.row, b.row));
}

/**
 * The running balances of one batch of ledger calls: the rows locked at the
 * start, changed item by item in submission order, so a batch ends exactly
 * where the same calls one after another would. An item that would overdraw
 * changes nothing (applyDeltas throws before anything is kept).
 */
export class BalanceBook {
  readonly #rows = new Map<string, BalanceRow>();
  readonly #changed = new Set<string>();

  constructor(locked: readonly BalanceRow[]) {
    for (const row of locked) this.#rows.set(keyOf(row), row);
  }

  /** Applies one item's deltas and returns its rows after them (sorted). */
  apply(deltas: readonly BalanceDelta[]): BalanceRow[] {
    const after = applyKeyed(this.#rows, deltas);
    const rows: BalanceRow[] = [];
    for (const { id, row } of after) {
      this.#rows.set(id, row);
      this.#changed.add(id);
      rows.push(row);
    }
    return rows;
  }

  /** Every row some item changed, at its final value, sorted: what the batch writes. */
  changed(): BalanceRow[] {
    return [...this.#changed].map((key) => this.#rows.get(key)!).sort(compareKeys);
  }
}
