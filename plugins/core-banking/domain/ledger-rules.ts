import { InsufficientFundsError } from '../../../kernel/errors/errors.js';

/**
 * Pure ledger rules: which accounts are system accounts, what makes a
 * movement well formed, and the balance arithmetic every store shares.
 * Amounts are bigint minor units; nothing here does I/O.
 */
export const SYSTEM_PREFIX = 'system:';
/** The outside world: deposits come from it, withdrawals go to it. */
export const WORLD_ACCOUNT = 'system:world';
/** Where transfer fees are booked. */
export const FEES_ACCOUNT = 'system:fees';

const SYSTEM_NAME = /^system:[a-z0-9][a-z0-9._-]{0,62}$/;

export function isSystemAccount(accountId: string): boolean {
  return accountId.startsWith(SYSTEM_PREFIX);
}

export interface Leg {
  readonly accountId: string;
  readonly assetCode: string;
  /** Signed: positive credits, negative debits. */
  readonly amount: bigint;
}

export interface BalanceKey {
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

/** A movement the caller built wrongly: a bug, never a client's input. */
export class LedgerRuleError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerRuleError';
  }
}

export function keyOf(key: BalanceKey): string {
  return `${key.accountId}\u0000${key.assetCode}`;
}

/** Sorted (account, asset) order: the one order every lock is taken in. */
export function compareKeys(a: BalanceKey, b: BalanceKey): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  if (a.assetCode !== b.assetCode) return a.assetCode < b.assetCode ? -1 : 1;
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

/** Net change of `available` per customer (account, asset), in sorted key order. */
export function customerDeltas(legs: readonly Leg[]): BalanceDelta[] {
  const net = new Map<string, BalanceDelta>();
  for (const leg of legs) {
    if (isSystemAccount(leg.accountId)) continue;
    const id = keyOf(leg);
    const before = net.get(id)?.available ?? 0n;
    net.set(id, { accountId: leg.accountId, assetCode: leg.assetCode, available: before + leg.amount, reserved: 0n });
  }
  return [...net.values()].sort(compareKeys);
}

/** Unique keys in sorted order. */
export function sortedKeys(keys: readonly BalanceKey[]): BalanceKey[] {
  const unique = new Map<string, BalanceKey>();
  for (const key of keys) unique.set(keyOf(key), { accountId: key.accountId, assetCode: key.assetCode });
  return [...unique.values()].sort(compareKeys);
}

/**
 * Applies deltas to the current rows (missing rows count as zero) and
 * returns the new rows in sorted order. A customer balance never goes below
 * zero: a shortfall of `available` is insufficient funds (422); a shortfall
 * of `reserved` means a hold was spent twice, which is a bug.
 */
export function applyDeltas(current: readonly BalanceRow[], deltas: readonly BalanceDelta[]): BalanceRow[] {
  const rows = new Map(current.map((row) => [keyOf(row), row]));
  const combined = new Map<string, BalanceDelta>();
  for (const delta of deltas) {
    const id = keyOf(delta);
    const before = combined.get(id);
    combined.set(id, {
      accountId: delta.accountId,
      assetCode: delta.assetCode,
      available: (before?.available ?? 0n) + delta.available,
      reserved: (before?.reserved ?? 0n) + delta.reserved,
    });
  }
  const result: BalanceRow[] = [];
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
    result.push({ accountId: delta.accountId, assetCode: delta.assetCode, available, reserved });
  }
  return result.sort(compareKeys);
}
