import type { Rate } from '../../../kernel/public.js';

/** An exact non-negative rational n/d (d > 0), for basket values; never a float. */
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

export const ZERO: Fraction = { n: 0n, d: 1n };

export function fromRate(rate: Rate): Fraction {
  return { n: rate.numerator, d: 10n ** BigInt(rate.scale) };
}

export function add(a: Fraction, b: Fraction): Fraction {
  return reduce({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
}

export function sub(a: Fraction, b: Fraction): Fraction {
  return reduce({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
}

export function mul(a: Fraction, b: Fraction): Fraction {
  return reduce({ n: a.n * b.n, d: a.d * b.d });
}

export function div(a: Fraction, b: Fraction): Fraction {
  if (b.n === 0n) throw new RangeError('division by zero');
  const sign = b.n < 0n ? -1n : 1n;
  return reduce({ n: a.n * b.d * sign, d: a.d * b.n * sign });
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

export function reduce(f: Fraction): Fraction {
  const g = gcd(f.n, f.d);
  return { n: f.n / g, d: f.d / g };
}

/** Decimals of the exact USD figures the API shows (`*_usd_decimal`, value history, exchange results). */
export const USD_DECIMALS = 8;

/** Rounded half away from zero to `decimals` places, as a decimal string. */
export function toDecimal(f: Fraction, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const negative = f.n < 0n;
  const abs = negative ? -f.n : f.n;
  const scaled = (abs * scale * 2n + f.d) / (2n * f.d);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const text = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative && scaled !== 0n ? `-${text}` : text;
}

/** For the spec's number fields only (display); money stays exact elsewhere. */
export function toNumber(f: Fraction, decimals: number): number {
  return Number(toDecimal(f, decimals));
}

/** (a − b) / b × 100, or 0 when b is zero. */
export function percentChange(now: Fraction, before: Fraction): Fraction {
  if (before.n <= 0n) return ZERO;
  // Not reduced: it is only ever rounded for display, and gcd on 40-digit numbers per history point is the slow part.
  return { n: (now.n * before.d - before.n * now.d) * 100n, d: now.d * before.n };
}
