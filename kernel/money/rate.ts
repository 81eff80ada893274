import { mulDivHalfUp, parseDecimal } from './decimal.js';

/** An exact price or rate: value = numerator / 10^scale. */
export interface Rate {
  readonly numerator: bigint;
  readonly scale: number;
}

const MAX_RATE_DECIMALS = 18;

export function parseRate(text: string): Rate {
  const fraction = text.split('.')[1] ?? '';
  const parsed = parseDecimal(text, fraction.length);
  if (!parsed.ok || fraction.length > MAX_RATE_DECIMALS) throw new RangeError(`invalid rate '${text}'`);
  return { numerator: parsed.minor, scale: fraction.length };
}

/**
 * Converts `minor` units of an asset with `fromPrecision` at `rate` into minor
 * units of a target with `toPrecision`, rounding half-up once at the end.
 */
export function convertMinor(minor: bigint, fromPrecision: number, rate: Rate, toPrecision: number): bigint {
  const numerator = rate.numerator * 10n ** BigInt(toPrecision);
  const denominator = 10n ** BigInt(rate.scale + fromPrecision);
  return mulDivHalfUp(minor, numerator, denominator);
}
