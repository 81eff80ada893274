import type { Rate } from '../../../kernel/public.js';
import { add, fromRate, mul, sub, ZERO, type Fraction } from './fraction.js';
import { componentMinor, QUANTITY_SCALE } from './quantities.js';
import { WEIGHT_SCALE } from './weights.js';

/**
 * What rounding to whole minor units costs a compose or decompose, and when
 * that cost is too high to accept.
 *
 * Compose takes each component rounded up and decompose pays it rounded
 * down (see componentMinor), so the reserve always covers every outstanding
 * unit. A minor unit of gold (0.001 oz) is worth about 2 USD while a GCU
 * holds about 0.00001 oz of it, so rounding alone would make a decompose of
 * 100 GCU pay no gold at all. A decompose therefore also pays, in cash, what
 * the rounded-off remainders of all components are worth at current prices
 * (cash in lieu, as basket products do for fractional shares), rounded down
 * to the cash asset's minor unit: the holder gives up less than one cent.
 * The reserve pays only the rounded-down components; the cash comes from
 * the market side (rebalance account), and the remainders stay in the
 * reserve until the next rebalancing trades them there.
 *
 * An exchange is accepted only when its rounding cost (the USD value, at
 * current prices, of what rounding took from the customer) is at most
 * `tolerancePpm` of the units' value. Amounts of at least `minimumAmount`
 * always pass; smaller ones pass only when their rounding happens to be small.
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

/** The asset cash in lieu is paid in: the one prices are quoted in (USD). */
export interface CashTerms {
  readonly code: string;
  /** Decimal places of its minor unit. */
  readonly precision: number;
}

export interface ExchangeQuote {
  /** Minor units per component moved in kind: debited on compose (rounded up), credited on decompose (rounded down). */
  readonly moved: ReadonlyMap<string, bigint>;
  /** Cash minor units a decompose pays for the components' remainders below their minor units (rounded down); 0 on compose. */
  readonly cashInLieu: bigint;
  /** USD value of the basket units at the prices given. */
  readonly value: Fraction;
  /** USD value of what rounding took from the customer (≥ 0): on a decompose, less than one cash minor unit. */
  readonly cost: Fraction;
}

/** Quotes moving `basketMinor` units (at `basketPrecision`) of a basket made of `components`. */
export function quoteExchange(
  direction: ExchangeDirection,
  basketMinor: bigint,
  basketPrecision: number,
  components: readonly ComponentTerms[],
  cash: CashTerms,
): ExchangeQuote {
  const basketScale = 10n ** BigInt(basketPrecision);
  const moved = new Map<string, bigint>();
  const perWhole = basketScale * QUANTITY_SCALE;
  let value = ZERO;
  let rounded = ZERO; // USD value of Σ |moved − exact|
  for (const c of components) {
    const minor = componentMinor(basketMinor, basketPrecision, c.quantity, c.precision, direction === 'compose' ? 'up' : 'down');
    moved.set(c.code, minor);
    // Exact component amount in whole units: basketMinor × quantity / (basketScale × 1e18).
    const exact = basketMinor * c.quantity;
    const movedScaled = minor * basketScale * QUANTITY_SCALE / 10n ** BigInt(c.precision);
    const lost = direction === 'compose' ? movedScaled - exact : exact - movedScaled;
    value = add(value, mul({ n: exact, d: perWhole }, fromRate(c.price)));
    rounded = add(rounded, mul({ n: lost, d: perWhole }, fromRate(c.price)));
  }
  if (direction === 'compose') return { moved, cashInLieu: 0n, value, cost: rounded };
  const cashScale = 10n ** BigInt(cash.precision);
  const cashInLieu = (rounded.n * cashScale) / rounded.d;
  return { moved, cashInLieu, value, cost: sub(rounded, { n: cashInLieu, d: cashScale }) };
}

/** Whether the rounding cost is within `tolerancePpm` (parts per million) of the value. */
export function withinTolerance(quote: Pick<ExchangeQuote, 'cost' | 'value'>, tolerancePpm: bigint): boolean {
  return quote.cost.n * quote.value.d * WEIGHT_SCALE <= quote.value.n * quote.cost.d * tolerancePpm;
}

/**
 * The smallest amount (basket minor units) from which every exchange in
 * `direction` passes: its worst-case rounding cost is within the tolerance.
 * The worst case is a minor unit of every component for a compose, one cash
 * minor unit (the cash in lieu is rounded down) for a decompose.
 */
export function minimumAmount(
  direction: ExchangeDirection,
  basketPrecision: number,
  components: readonly ComponentTerms[],
  cash: CashTerms,
  tolerancePpm: bigint,
): bigint {
  const basketScale = 10n ** BigInt(basketPrecision);
  let worst = direction === 'compose' ? ZERO : { n: 1n, d: 10n ** BigInt(cash.precision) };
  let unit = ZERO; // Σ quantity × price: the value of one whole unit
  for (const c of components) {
    if (direction === 'compose') worst = add(worst, mul({ n: 1n, d: 10n ** BigInt(c.precision) }, fromRate(c.price)));
    unit = add(unit, mul({ n: c.quantity, d: QUANTITY_SCALE }, fromRate(c.price)));
  }
  if (unit.n === 0n) return 1n;
  // worst ≤ tolerance × n / basketScale × unit  ⇔  n ≥ worst × basketScale × 1e6 / (tolerancePpm × unit)
  return max(1n, ceilDiv(worst.n * basketScale * WEIGHT_SCALE * unit.d, worst.d * tolerancePpm * unit.n));
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
