/**
 * Exact decimal-string <-> bigint minor units. No floats anywhere: a decimal
 * string is split at the point and its digits become an integer.
 */
const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * The most digits an amount may have before the point. 10^30 units of any
 * asset is past every real balance, and with at most 18 decimals an amount
 * stays far inside the stores' NUMERIC(78,0), so a longer one is refused at
 * parsing (422 amount_too_large) instead of overflowing a column later.
 */
export const MAX_INTEGER_DIGITS = 30;

export type DecimalProblem = 'not_a_decimal' | 'too_many_decimals' | 'not_positive' | 'too_large';

export type ParsedDecimal = { ok: true; minor: bigint } | { ok: false; problem: DecimalProblem };

/** Parses an unsigned decimal string of at most MAX_INTEGER_DIGITS whole digits into minor units of the given precision. */
export function parseDecimal(text: string, precision: number): ParsedDecimal {
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'not_a_decimal' };
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (whole.length > MAX_INTEGER_DIGITS) return { ok: false, problem: 'too_large' };
  if (fraction.length > precision) return { ok: false, problem: 'too_many_decimals' };
  const minor = BigInt(whole + fraction.padEnd(precision, '0'));
  return { ok: true, minor };
}

/** Formats minor units (may be negative) with exactly `precision` decimals. */
export function formatMinor(minor: bigint, precision: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const fraction = digits.slice(digits.length - precision);
  return (negative ? '-' : '') + (precision > 0 ? `${whole}.${fraction}` : whole);
}

/** "12345.67" -> "12,345.67" (display only). */
export function groupThousands(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digits = sign ? whole!.slice(1) : whole!;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (fraction !== undefined ? `.${fraction}` : '');
}

/** a * numerator / denominator rounded half-up (for fees and rates on minor units). */
export function mulDivHalfUp(a: bigint, numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const product = a * numerator;
  const quotient = product / denominator;
  const remainder = product % denominator;
  const sign = product < 0n ? -1n : 1n;
  return 2n * (remainder < 0n ? -remainder : remainder) >= denominator ? quotient + sign : quotient;
}
