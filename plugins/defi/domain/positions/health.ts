/** One open position valued at the feed's price now. */
export interface ValuedPosition {
  readonly side: 'supply' | 'borrow';
  /** USD value with 18 decimals (principal plus accrued interest at the price now). */
  readonly valueUsd18: bigint;
  readonly ltvBps: bigint;
  readonly liquidationThresholdBps: bigint;
}

/** Health factors are fixed point with 6 decimals: 1 000 000 is 1.0. */
export const HEALTH_SCALE = 1_000_000n;

/**
 * Aave's health factor: Σ supply value × liquidation threshold / Σ debt
 * value, rounded down; undefined without debt (infinitely healthy).
 */
export function healthFactor(positions: readonly ValuedPosition[]): bigint | undefined {
  let collateral = 0n;
  let debt = 0n;
  for (const p of positions) {
    if (p.side === 'supply') collateral += p.valueUsd18 * p.liquidationThresholdBps;
    else debt += p.valueUsd18;
  }
  return debt === 0n ? undefined : (collateral * HEALTH_SCALE) / (debt * 10_000n);
}

/** Whether the debt fits the borrowing capacity: Σ supply value × loan-to-value ≥ Σ debt value. */
export function withinBorrowLimit(positions: readonly ValuedPosition[]): boolean {
  let capacity = 0n;
  let debt = 0n;
  for (const p of positions) {
    if (p.side === 'supply') capacity += p.valueUsd18 * p.ltvBps;
    else debt += p.valueUsd18 * 10_000n;
  }
  return debt <= capacity;
}
