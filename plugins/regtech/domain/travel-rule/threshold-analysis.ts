import { convertMinor, formatMinor, parseDecimal, type Rate } from '../../../../kernel/public.js';
import type { TravelRuleJurisdiction } from './thresholds.js';

/** USD cents: amounts in USD are shown with two decimals. */
const USD_PRECISION = 2;
/** Every threshold currency (USD, EUR, GBP, SGD, CHF) has two decimals. */
const THRESHOLD_PRECISION = 2;

export interface PricedAmount {
  /** Minor units of the transfer's currency. */
  readonly minor: bigint;
  readonly precision: number;
  /** USD per whole unit of the transfer's currency. */
  readonly usd: Rate;
}

export interface ThresholdAnalysis {
  readonly amount_usd: string;
  readonly exceeds_threshold: boolean;
  /** The threshold in USD at the same prices (to compare with amount_usd). */
  readonly threshold_amount: string;
  readonly threshold_local_amount: string;
  readonly threshold_currency: string;
  /** The transfer's amount in the threshold's currency, rounded half-up to cents. */
  readonly amount_in_threshold_currency: string;
  readonly full_identification_required: boolean;
  readonly legal_source: string;
}

/**
 * Compares the amount with the jurisdiction's threshold exactly: both sides
 * are brought to USD as fractions and cross-multiplied, so rounding never
 * moves an amount across the line (`amount >= threshold` exceeds it, as
 * 31 CFR 1010.410(f) and FATF R.16 word it: "equal to or greater").
 * The decimal strings shown are rounded half-up once.
 */
export function analyseThreshold(amount: PricedAmount, jurisdiction: TravelRuleJurisdiction, thresholdUsd: Rate): ThresholdAnalysis {
  const parsed = parseDecimal(jurisdiction.threshold, THRESHOLD_PRECISION);
  if (!parsed.ok) throw new RangeError(`threshold ${jurisdiction.threshold} of ${jurisdiction.code}`);
  const thresholdMinor = parsed.minor;
  // amount value in USD = minor * usd.n / 10^(precision + usd.scale); threshold likewise.
  const left = amount.minor * amount.usd.numerator * 10n ** BigInt(THRESHOLD_PRECISION + thresholdUsd.scale);
  const right = thresholdMinor * thresholdUsd.numerator * 10n ** BigInt(amount.precision + amount.usd.scale);
  const exceeds = left >= right;
  // In the threshold currency: amount in USD / (USD per threshold unit).
  const inThresholdCurrency = divideHalfUp(
    amount.minor * amount.usd.numerator * 10n ** BigInt(THRESHOLD_PRECISION + thresholdUsd.scale),
    thresholdUsd.numerator * 10n ** BigInt(amount.precision + amount.usd.scale),
  );
  return {
    amount_usd: formatMinor(convertMinor(amount.minor, amount.precision, amount.usd, USD_PRECISION), USD_PRECISION),
    exceeds_threshold: exceeds,
    threshold_amount: formatMinor(convertMinor(thresholdMinor, THRESHOLD_PRECISION, thresholdUsd, USD_PRECISION), USD_PRECISION),
    threshold_local_amount: formatMinor(thresholdMinor, THRESHOLD_PRECISION),
    threshold_currency: jurisdiction.currency,
    amount_in_threshold_currency: formatMinor(inThresholdCurrency, THRESHOLD_PRECISION),
    full_identification_required: exceeds || thresholdMinor === 0n,
    legal_source: jurisdiction.legalSource,
  };
}

function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('a price of zero');
  const quotient = numerator / denominator;
  return 2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient;
}
