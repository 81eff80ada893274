/** A 365-day year in milliseconds: the rate model's year. */
export const YEAR_MS = 365n * 86_400_000n;

/**
 * Simple interest on `principal` at `aprBps` for `elapsedMs`, exact in base
 * units: principal × apr × elapsed / (10 000 × year). Borrowers' interest is
 * rounded up and suppliers' down, so the market never pays a fraction it did
 * not earn.
 */
export function simpleInterest(principal: bigint, aprBps: bigint, elapsedMs: bigint, roundUp: boolean): bigint {
  if (elapsedMs <= 0n || principal === 0n || aprBps === 0n) return 0n;
  const numerator = principal * aprBps * elapsedMs;
  const denominator = 10_000n * YEAR_MS;
  const quotient = numerator / denominator;
  return roundUp && quotient * denominator !== numerator ? quotient + 1n : quotient;
}
