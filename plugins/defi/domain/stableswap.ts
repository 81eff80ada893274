import { absDiff } from './integer-math.js';

/**
 * Curve's StableSwap invariant for n coins, on balances normalised to 18
 * decimals (a USDC balance of 6 decimals is multiplied by 10^12):
 *
 *   A·nⁿ·Σxᵢ + D = A·D·nⁿ + Dⁿ⁺¹ / (nⁿ·Πxᵢ)
 *
 * D (the invariant, equal to Σxᵢ when the pool is balanced) and the new
 * balance y of the coin bought are both found by Newton's method in
 * integers, as the pool contracts do. A is the contracts' amplification
 * (the paper's A·nⁿ⁻¹, so the paper's A·nⁿ is A·n here); the fee is in
 * units of 10⁻¹⁰ (Curve's FEE_DENOMINATOR) and is taken from the output.
 */
export const STABLE_FEE_DENOMINATOR = 10_000_000_000n;
const MAX_ITERATIONS = 255;

export function invariantD(xp: readonly bigint[], amplification: bigint): bigint {
  const n = BigInt(xp.length);
  const sum = xp.reduce((total, x) => total + x, 0n);
  if (sum === 0n) return 0n;
  const ann = amplification * n;
  let d = sum;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    let dP = d;
    for (const x of xp) dP = (dP * d) / (x * n);
    const previous = d;
    d = ((ann * sum + dP * n) * d) / ((ann - 1n) * d + (n + 1n) * dP);
    if (absDiff(d, previous) <= 1n) return d;
  }
  throw new Error('StableSwap D did not converge');
}

/** The balance coin `j` must have when coin `i` has `x` and D (of `xp`; pass it when known) stays the same. */
export function balanceY(i: number, j: number, x: bigint, xp: readonly bigint[], amplification: bigint, d = invariantD(xp, amplification)): bigint {
  const n = BigInt(xp.length);
  const ann = amplification * n;
  let c = d;
  let sum = 0n;
  for (let k = 0; k < xp.length; k++) {
    if (k === j) continue;
    const balance = k === i ? x : xp[k]!;
    sum += balance;
    c = (c * d) / (balance * n);
  }
  c = (c * d) / (ann * n);
  const b = sum + d / ann;
  let y = d;
  for (let k = 0; k < MAX_ITERATIONS; k++) {
    const previous = y;
    y = (y * y + c) / (2n * y + b - d);
    if (absDiff(y, previous) <= 1n) return y;
  }
  throw new Error('StableSwap y did not converge');
}

export interface StableSwapResult {
  /** What the buyer gets, normalised. */
  readonly dy: bigint;
  /** The fee kept in the pool, normalised. */
  readonly fee: bigint;
}

/** Selling `dx` (normalised) of coin i for coin j. One unit is kept back for rounding, as the contracts do. `d` is D of `xp`, when known. */
export function exchange(i: number, j: number, dx: bigint, xp: readonly bigint[], amplification: bigint, feeUnits: bigint, d = invariantD(xp, amplification)): StableSwapResult {
  if (dx <= 0n) return { dy: 0n, fee: 0n };
  const y = balanceY(i, j, xp[i]! + dx, xp, amplification, d);
  const gross = xp[j]! - y - 1n;
  if (gross <= 0n) return { dy: 0n, fee: 0n };
  const fee = (gross * feeUnits) / STABLE_FEE_DENOMINATOR;
  return { dy: gross - fee, fee };
}
