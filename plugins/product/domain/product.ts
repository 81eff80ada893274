/**
 * Banking products: an account type a team offers with its interest rate
 * and fee schedule, activated on accounts. Interest accrues daily by ACT/365
 * in exact integer arithmetic; fees fall due every FEE_PERIOD_DAYS. Pure
 * rules, no I/O.
 */
export interface ProductRecord {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  readonly accountType: string;
  readonly assetCode: string;
  /** Yearly interest rate in basis points (250 = 2.50 % a year). */
  readonly interestRateBps: number;
  /** Charged every FEE_PERIOD_DAYS after activation, minor units (0: none). */
  readonly monthlyFee: bigint;
  readonly createdAt: Date;
}

export interface ActivationRecord {
  readonly id: string;
  readonly teamId: string;
  readonly productId: string;
  readonly accountId: string;
  readonly activatedAt: Date;
  /** Interest has accrued for every day before this UTC midnight. */
  readonly accruedThrough: Date;
  /**
   * What accrued and was not yet paid, in minor units × DAY_COUNT_DENOMINATOR:
   * the remainder below one minor unit, carried forward, never dropped.
   */
  readonly accruedRemainder: bigint;
  /** Σ interest paid, minor units. */
  readonly interestPaid: bigint;
  /** Σ fees charged, minor units. */
  readonly feesCharged: bigint;
  /** When the next fee falls due (null when the product has no fee). */
  readonly nextFeeAt: Date | null;
  readonly updatedAt: Date;
}

const DAY_MS = 86_400_000;
export const FEE_PERIOD_DAYS = 30;
/** ACT/365: a day's interest is balance × bps / (10,000 × 365). */
export const DAY_COUNT_DENOMINATOR = 10_000n * 365n;

/** The UTC midnight at or before `at`. */
export function utcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** Whole UTC days from `from` (a midnight) to the midnight at or before `now`. */
export function daysBetween(from: Date, now: Date): number {
  return Math.max(0, Math.round((utcDay(now).getTime() - from.getTime()) / DAY_MS));
}

/**
 * Interest for `days` days on `balance` at `bps`, ACT/365, added to what was
 * carried: the whole minor units to pay now and the remainder to carry
 * (truncation with carry-forward: over time exactly Σ balance × bps × days /
 * 3,650,000 is paid, to the minor unit below it, and the rest stays owed).
 */
export function accrue(balance: bigint, bps: number, days: number, carried: bigint): { readonly pay: bigint; readonly remainder: bigint } {
  const total = carried + (balance > 0n ? balance : 0n) * BigInt(bps) * BigInt(days);
  return { pay: total / DAY_COUNT_DENOMINATOR, remainder: total % DAY_COUNT_DENOMINATOR };
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}
