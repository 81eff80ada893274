/**
 * Constant-product pools (Uniswap v2, SushiSwap, and Uniswap v3 inside one
 * tick range, where the pool behaves like this curve on its virtual
 * reserves). The fee is in millionths ("pips", Uniswap v3's unit: 3000 is
 * 0.30 %) and is taken from the input, so with 3000 this is exactly v2's
 * `amountIn × 997 × reserveOut / (reserveIn × 1000 + amountIn × 997)`.
 */
export const FEE_DENOMINATOR = 1_000_000n;

export interface Reserves {
  readonly reserveIn: bigint;
  readonly reserveOut: bigint;
}

/** Output for `amountIn`, floored (the pool keeps the remainder). */
export function amountOut(amountIn: bigint, { reserveIn, reserveOut }: Reserves, feePips: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (FEE_DENOMINATOR - feePips);
  return (inWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + inWithFee);
}

/** Input needed for exactly `out` (rounded up, as v2's getAmountIn); undefined when the pool cannot give that much. */
export function amountIn(out: bigint, { reserveIn, reserveOut }: Reserves, feePips: bigint): bigint | undefined {
  if (out <= 0n || out >= reserveOut) return undefined;
  return (reserveIn * out * FEE_DENOMINATOR) / ((reserveOut - out) * (FEE_DENOMINATOR - feePips)) + 1n;
}

/** Reserves after a swap of `amountIn` for `out`: the whole input (fee included) stays in the pool, so x·y grows by the fee. */
export function afterSwap(amountIn: bigint, out: bigint, { reserveIn, reserveOut }: Reserves): Reserves {
  return { reserveIn: reserveIn + amountIn, reserveOut: reserveOut - out };
}
