import { mulDivHalfUp } from '../../../kernel/public.js';

/**
 * A transfer fee rule in minor units of the transferred asset: `bps` basis
 * points of the amount, rounded half-up to the minor unit, then raised to
 * `min` and capped at `max`. The fee is charged to the sender on top of the
 * amount and booked to system:fees.
 */
export interface FeeRule {
  readonly bps: number;
  readonly min: bigint;
  readonly max?: bigint;
}

export const BPS_DENOMINATOR = 10_000n;

export function transferFee(amount: bigint, rule: FeeRule): bigint {
  if (amount <= 0n) throw new RangeError('a fee is computed on a positive amount');
  let fee = mulDivHalfUp(amount, BigInt(rule.bps), BPS_DENOMINATOR);
  if (fee < rule.min) fee = rule.min;
  if (rule.max !== undefined && fee > rule.max) fee = rule.max;
  return fee;
}

/** A rule is usable when its bounds are ordered and non-negative. */
export function checkFeeRule(rule: FeeRule): string | undefined {
  if (!Number.isInteger(rule.bps) || rule.bps < 0 || rule.bps > 10_000) return 'bps must be an integer from 0 to 10000';
  if (rule.min < 0n) return 'min must not be negative';
  if (rule.max !== undefined && rule.max < rule.min) return 'max must not be below min';
  return undefined;
}
