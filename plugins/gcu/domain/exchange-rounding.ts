import type { Rate } from '../../../kernel/public.js';
import { add, fromRate, mul, ZERO, type Fraction } from './fraction.js';
import { componentMinor, QUANTITY_SCALE } from './quantities.js';
import { WEIGHT_SCALE } from './weights.js';

/**
 * What rounding to whole minor units costs a compose or decompose, and when
 * that cost is too high to accept.
 *
 * Compose rounds each component up and decompose rounds it down (see
 * componentMinor), so the reserve always covers every outstanding unit. The
 * price is that the customer gives up the rounded-off part: less than one
 * minor unit per component, but a minor unit of gold (0.001 oz) is worth
 * about 2 USD while a GCU holds about 0.00001 oz of it. So an exchange is
 * accepted only when
 * - a decompose pays at least one minor unit of every component, and
 * - its rounding cost (the USD value, at current prices, of what rounding
 *   took) is at most `tolerancePpm` of the units' value.
 * Amounts of at least `minimumAmount` always pass both rules; smaller ones
 * pass only when their rounding happens to be small.
 */
export interface ComponentTerms {
  readonly code: string;
  /** Atto-units of the asset in one whole basket unit. */
  readonly quantity: bigint;
  /** Decimal places of the asset's minor unit. */
  readonly precision: number;
  /** USD per whole unit of the asset now. */
  readonly price: Rate;
}

export type ExchangeDirection = 'compose' | 'decompose';

export interface ExchangeQuote {
  /** Minor units per component moved: debited on compose (rounded up), credited on decompose (rounded down). */
  readonly moved: ReadonlyMap<string, bigint>;
  /** USD value of the basket units at the prices given. */
  readonly value: Fraction;
  /** USD value of what rounding took from the customer (≥ 0). */
  readonly cost: Fraction;
  /** Components a decompose would pay nothing of. */
  readonly unpaid: readonly string[];
}

/** Quotes moving `basketMinor` units (at `basketPrecision`) of a basket made of `components`. */
export function quoteExchange(direction: ExchangeDirection, basketMinor: bigint, basketPrecision: number, components: readonly ComponentTerms[]): ExchangeQuote {
  const basketScale = 10n ** BigInt(basketPrecision);
  const moved = new Map<string, bigint>();
  const unpaid: string[] = [];
  const perWhole = basketScale * QUANTITY_SCALE;
  let value = ZERO;
  let cost = ZERO;
  for (const c of components) {
    const minor = componentMinor(basketMinor, basketPrecision, c.quantity, c.precision, direction === 'compose' ? 'up' : 'down');
    moved.set(c.code, minor);
    if (direction === 'decompose' && minor === 0n && c.quantity > 0n) unpaid.push(c.code);
    // Exact component amount in whole units: basketMinor × quantity / (basketScale × 1e18).
    const exact = basketMinor * c.quantity;
    const movedScaled = minor * basketScale * QUANTITY_SCALE / 10n ** BigInt(c.precision);
    const lost = direction === 'compose' ? movedScaled - exact : exact - movedScaled;
    value = add(value, mul({ n: exact, d: perWhole }, fromRate(c.price)));
    cost = add(cost, mul({ n: lost, d: perWhole }, fromRate(c.price)));
  }
  return { moved, value, cost, unpaid };
}

/** Whether the rounding cost is within `tolerancePpm` (parts per million) of the value. */
export function withinTolerance(quote: Pick<ExchangeQuote, 'cost' | 'value'>, tolerancePpm: bigint): boolean {
  return quote.cost.n * quote.value.d * WEIGHT_SCALE <= quote.value.n * quote.cost.d * tolerancePpm;
}

/**
 * The smallest amount (basket minor units) from which every exchange in
 * `direction` passes: its worst-case rounding cost, one minor unit of every
 * component, is within the tolerance, and (decompose) it pays at least one
 * minor unit of every component.
 */
export function minimumAmount(direction: ExchangeDirection, basketPrecision: number, components: readonly ComponentTerms[], tolerancePpm: bigint): bigint {
  const basketScale = 10n ** BigInt(basketPrecision);
  let worst = ZERO; // Σ one minor unit × price
  let unit = ZERO; // Σ quantity × price: the value of one whole unit
  let payout = 1n;
  for (const c of components) {
    worst = add(worst, mul({ n: 1n, d: 10n ** BigInt(c.precision) }, fromRate(c.price)));
    unit = add(unit, mul({ n: c.quantity, d: QUANTITY_SCALE }, fromRate(c.price)));
    if (direction === 'decompose' && c.quantity > 0n) {
      // floor(n × q × 10^p / (basketScale × 1e18)) ≥ 1  ⇔  n ≥ basketScale × 1e18 / (q × 10^p)
      payout = max(payout, ceilDiv(basketScale * QUANTITY_SCALE, c.quantity * 10n ** BigInt(c.precision)));
    }
  }
  if (unit.n === 0n) return payout;
  // worst ≤ tolerance × n / basketScale × unit  ⇔  n ≥ worst × basketScale × 1e6 / (tolerancePpm × unit)
  const tolerated = ceilDiv(worst.n * basketScale * WEIGHT_SCALE * unit.d, worst.d * tolerancePpm * unit.n);
  return max(tolerated, payout);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
