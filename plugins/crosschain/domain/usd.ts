import type { Rate } from '../../../kernel/public.js';

/**
 * Exact USD arithmetic of the bridge models: every fee line is an integer
 * number of micro-dollars (USD with 6 decimals), every division rounds UP,
 * so a quoted fee never falls short of what the protocol will charge.
 */
export const MICROS = 1_000_000n;
export const PPM = 1_000_000n;
const WEI_PER_NATIVE = 10n ** 18n;

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Gas on a chain in USD micros: ⌈gasUnits × gasPriceWei × nativeUsd × 10^6 / 10^18⌉. */
export function gasUsdMicros(gasUnits: bigint, gasPriceWei: bigint, nativeUsd: Rate): bigint {
  return ceilDiv(gasUnits * gasPriceWei * nativeUsd.numerator * MICROS, WEI_PER_NATIVE * 10n ** BigInt(nativeUsd.scale));
}

/** An amount raised by a margin in millionths (100000 = +10 %), rounded up. */
export function withMargin(usdMicros: bigint, marginPpm: bigint): bigint {
  return ceilDiv(usdMicros * (PPM + marginPpm), PPM);
}

/** Whole USD cents as micros ($0.25 → 250000). */
export function cents(amount: bigint): bigint {
  return amount * 10_000n;
}

/** USD micros in base units of a token priced at `tokenUsd`, rounded up to the next base unit. */
export function usdMicrosInToken(usdMicros: bigint, decimals: number, tokenUsd: Rate): bigint {
  return ceilDiv(usdMicros * 10n ** BigInt(decimals + tokenUsd.scale), MICROS * tokenUsd.numerator);
}

/** Base units of a token in USD micros, rounded down (for display: what a fee paid in the token is worth). */
export function tokenInUsdMicros(units: bigint, decimals: number, tokenUsd: Rate): bigint {
  return (units * tokenUsd.numerator * MICROS) / 10n ** BigInt(decimals + tokenUsd.scale);
}
