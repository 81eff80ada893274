/** Integer helpers for pool maths: every amount is a bigint in base units, every division floors. */

/**
 * ⌊√n⌋ by Newton's method on bigints. It starts from a power of two at or
 * above the root (from the bit length, so no float rounding can put the
 * start below it) and falls monotonically to the answer in a few steps.
 */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('square root of a negative number');
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

export function absDiff(a: bigint, b: bigint): bigint {
  return a > b ? a - b : b - a;
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
