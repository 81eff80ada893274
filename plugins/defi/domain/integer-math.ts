/** Integer helpers for pool maths: every amount is a bigint in base units, every division floors. */

/** ⌊√n⌋ by Newton's method on bigints. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('square root of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // The float start is close; Newton's steps fix it whatever its error.
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) break;
    x = next;
  }
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

export function absDiff(a: bigint, b: bigint): bigint {
  return a > b ? a - b : b - a;
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
