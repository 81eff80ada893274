import { ValidationError } from '../errors/errors.js';
import type { Asset } from './asset.js';
import { MAX_INTEGER_DIGITS, parseDecimal } from './decimal.js';

const PROBLEM_TEXT = {
  not_a_decimal: 'must be a decimal string such as "100.00" (no sign, no exponent)',
  too_many_decimals: 'has more decimals than the asset allows',
  not_positive: 'must be greater than zero',
  too_large: `has more than ${MAX_INTEGER_DIGITS} digits before the decimal point`,
} as const;

/**
 * Turns a request amount into minor units for `asset`, or throws a 422 that
 * points at the field: invalid_amount, or amount_too_large past
 * MAX_INTEGER_DIGITS whole digits. JSON numbers are refused: they may
 * already have lost precision in the client.
 */
export function parseAmountField(value: unknown, asset: Asset, pointer: string): bigint {
  if (typeof value !== 'string') {
    throw ValidationError.field(pointer, 'amount must be a JSON string, e.g. "100.00"', 'invalid_amount');
  }
  const parsed = parseDecimal(value, asset.precision);
  if (!parsed.ok) {
    const detail =
      parsed.problem === 'too_many_decimals'
        ? `amount has more than ${asset.precision} decimals, the precision of ${asset.code}`
        : `amount ${PROBLEM_TEXT[parsed.problem]}`;
    throw ValidationError.field(pointer, detail, parsed.problem === 'too_large' ? 'amount_too_large' : 'invalid_amount');
  }
  if (parsed.minor <= 0n) throw ValidationError.field(pointer, `amount ${PROBLEM_TEXT.not_positive}`, 'invalid_amount');
  return parsed.minor;
}
