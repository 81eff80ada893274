import type { Rate } from '../../../kernel/public.js';
import { div, fromRate, mul, reduce, type Fraction } from './fraction.js';
import { WEIGHT_SCALE, type Weights } from './weights.js';

/**
 * A basket unit is a fixed bundle of component quantities (the IMF's SDR
 * model): between rebalancings one unit holds the same amounts of each
 * asset, so its value moves with prices and the realised shares drift from
 * the target weights. At a rebalancing the quantities are reset so that, at
 * that moment's prices, each component is exactly its target weight of the
 * unit's value (the value itself is continuous across the reset).
 *
 * Quantities are exact integers in 1e-18 whole units of the asset
 * ("atto-units"), rounded half-up once when the quantities are fixed: the
 * stored quantities ARE the basket's definition from then on.
 */
export const QUANTITY_SCALE = 10n ** 18n;

export type Quantities = ReadonlyMap<string, bigint>;

/**
 * The unit value a fixing uses: the measured value rounded half-up to 8
 * decimals (what `total_value_usd_decimal` shows). Measured values carry the
 * sub-1e-15 residue of the previous fixing's atto-unit rounding; fixing at
 * that residue would print it into every new quantity (0.440000000000008641
 * USD instead of 0.44 under unchanged prices) and let it grow with each
 * rebalancing. The value stays continuous to the 8 decimals it is shown at.
 */
export const FIXING_DECIMALS = 8;

export function fixingValue(measured: Fraction): Fraction {
  const scale = 10n ** BigInt(FIXING_DECIMALS);
  return reduce({ n: (measured.n * scale * 2n + measured.d) / (2n * measured.d), d: scale });
}

/** Quantities so that unit value = `unitValueUsd` and shares = `weights` at `prices`. */
export function quantitiesFor(weights: Weights, unitValueUsd: Fraction, prices: ReadonlyMap<string, Rate>): Quantities {
  const result = new Map<string, bigint>();
  for (const [code, weight] of weights) {
    const price = prices.get(code);
    if (!price || price.numerator <= 0n) throw new RangeError(`no positive USD price for ${code}`);
    // q = w/1e6 × V / p, in atto-units, rounded half-up.
    const exact = div(mul({ n: weight * QUANTITY_SCALE, d: WEIGHT_SCALE }, unitValueUsd), fromRate(price));
    result.set(code, (exact.n * 2n + exact.d) / (2n * exact.d));
  }
  return result;
}

/** USD value of one component of one unit. */
export function contributionUsd(quantity: bigint, price: Rate): Fraction {
  return mul({ n: quantity, d: QUANTITY_SCALE }, fromRate(price));
}

/**
 * USD value of one whole unit: Σ quantity × price, exact, over one
 * power-of-ten denominator (no gcd per term: this runs for every history point).
 */
export function unitValueUsd(quantities: Quantities, prices: ReadonlyMap<string, Rate>): Fraction {
  let scale = 0;
  for (const code of quantities.keys()) {
    const price = prices.get(code);
    if (!price) throw new RangeError(`no USD price for ${code}`);
    if (price.scale > scale) scale = price.scale;
  }
  let n = 0n;
  for (const [code, quantity] of quantities) {
    const price = prices.get(code)!;
    n += quantity * price.numerator * 10n ** BigInt(scale - price.scale);
  }
  return { n, d: QUANTITY_SCALE * 10n ** BigInt(scale) };
}

/**
 * Minor units of a component behind `basketMinor` minor units of the basket.
 * Rounding rule: composing rounds UP (the customer delivers at least the exact
 * backing) and decomposing rounds DOWN (the customer never receives more than
 * the exact backing), so the reserve always covers every outstanding unit and
 * a compose followed by a decompose of the same amount loses at most one minor
 * unit per component, to the reserve.
 */
export function componentMinor(
  basketMinor: bigint,
  basketPrecision: number,
  quantity: bigint,
  componentPrecision: number,
  rounding: 'up' | 'down',
): bigint {
  const numerator = basketMinor * quantity * 10n ** BigInt(componentPrecision);
  const denominator = 10n ** BigInt(basketPrecision) * QUANTITY_SCALE;
  const floor = numerator / denominator;
  return rounding === 'down' || numerator % denominator === 0n ? floor : floor + 1n;
}

export function quantitiesToJson(quantities: Quantities): Record<string, string> {
  return Object.fromEntries([...quantities].map(([code, q]) => [code, q.toString()]));
}

export function quantitiesFromJson(json: Record<string, string>): Quantities {
  return new Map(Object.entries(json).map(([code, q]) => [code, BigInt(q)]));
}
