import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRate } from '../../../kernel/money/rate.js';
import { minimumAmount, quoteExchange, withinTolerance, type ComponentTerms, type ExchangeDirection, type ExchangeQuote } from './exchange-rounding.js';
import { add, fromRate, mul, sub, toDecimal, type Fraction } from './fraction.js';
import { quantitiesFor } from './quantities.js';
import { DEFAULT_GCU_WEIGHTS } from './weights.js';

/** The GCU at genesis under the static price table: 1.10 USD a unit, 0.0000093617… oz of gold in it. */
const PRICES: Record<string, string> = { USD: '1', EUR: '1.08', GBP: '1.27', CHF: '1.13', JPY: '0.0067', XAU: '2350' };
const PRECISION: Record<string, number> = { USD: 2, EUR: 2, GBP: 2, CHF: 2, JPY: 0, XAU: 3 };
const prices = new Map(Object.entries(PRICES).map(([code, p]) => [code, parseRate(p)]));
const quantities = quantitiesFor(DEFAULT_GCU_WEIGHTS, { n: 110n, d: 100n }, prices);
const terms: ComponentTerms[] = [...quantities].map(([code, quantity]) => ({ code, quantity, precision: PRECISION[code]!, price: prices.get(code)! }));
const HALF_PERCENT = 5_000n; // ppm
const gcu = (units: string) => BigInt(units.replace('.', '')); // "1.0000" → 10000 minor units
const USD = { code: 'USD', precision: 2 };
const quote = (direction: ExchangeDirection, amount: bigint) => quoteExchange(direction, amount, 4, terms, USD);
const minimum = (direction: ExchangeDirection, tolerancePpm: bigint) => minimumAmount(direction, 4, terms, USD, tolerancePpm);

/** USD value of what a quote moves: every component in kind plus the cash in lieu, exact. */
function movedValue(q: ExchangeQuote): Fraction {
  let total: Fraction = { n: q.cashInLieu, d: 100n };
  for (const { code, precision, price } of terms) total = add(total, mul({ n: q.moved.get(code)!, d: 10n ** BigInt(precision) }, fromRate(price)));
  return total;
}
const same = (a: Fraction, b: Fraction) => a.n * b.d === b.n * a.d;

test('composing one unit would take a minor unit of gold (≈ 2.35 USD) for 1.10 USD of units: the cost says so', () => {
  const q = quote('compose', gcu('1.0000'));
  assert.is(q.moved.get('XAU'), 1n);
  assert.is(q.cashInLieu, 0n, 'compose pays no cash');
  assert.is(toDecimal(q.value, 8), '1.10000000');
  assert.is(toDecimal(q.cost, 8), '2.33640000');
  assert.not.ok(withinTolerance(q, HALF_PERCENT));
});

test('decomposing 100 GCU pays no gold in kind but its value in cash: 2.21 USD in lieu, 0.0074 USD of dust kept', () => {
  const q = quote('decompose', gcu('100.0000'));
  assert.equal(Object.fromEntries(q.moved), { USD: 4400n, EUR: 3055n, GBP: 1299n, CHF: 973n, JPY: 492n, XAU: 0n });
  // Remainders: 0.00093617… oz of gold (2.20 USD) + 0.0056 EUR + 0.0021 GBP + 0.0045 CHF + 0.54 JPY ≈ 2.2174 USD, rounded down to the cent.
  assert.is(q.cashInLieu, 221n);
  assert.is(toDecimal(q.value, 8), '110.00000000');
  assert.is(toDecimal(q.cost, 8), '0.00740000');
  assert.ok(withinTolerance(q, HALF_PERCENT));
});

test('a decompose moves exactly the value of the units: components in kind + cash in lieu + the reported cost (under one cent)', () => {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let i = 0; i < 300; i++) {
    const amount = BigInt(1 + (next() % 100_000_000));
    const q = quote('decompose', amount);
    assert.ok(same(add(movedValue(q), q.cost), q.value), `${amount}`);
    assert.ok(q.cost.n >= 0n && q.cost.n * 100n < q.cost.d, `${amount}: cost ${toDecimal(q.cost, 8)} is under one cent`);
  }
});

test('0.0001 GCU: compose takes a minor unit of everything, decompose would pay nothing at all; both are refused', () => {
  const compose = quote('compose', 1n);
  assert.equal(Object.fromEntries(compose.moved), { USD: 1n, EUR: 1n, GBP: 1n, CHF: 1n, JPY: 1n, XAU: 1n });
  assert.not.ok(withinTolerance(compose, HALF_PERCENT));
  const decompose = quote('decompose', 1n);
  assert.equal([...decompose.moved.values()], [0n, 0n, 0n, 0n, 0n, 0n]);
  assert.is(decompose.cashInLieu, 0n);
  assert.is(toDecimal(decompose.cost, 8), toDecimal(decompose.value, 8), 'everything is lost');
  assert.not.ok(withinTolerance(decompose, HALF_PERCENT));
});

test('the minimum is the smallest amount whose worst-case rounding is within the tolerance: a minor unit of each component (compose), a cent (decompose)', () => {
  // Σ one minor unit × price = 0.01 + 0.0108 + 0.0127 + 0.0113 + 0.0067 + 2.35 = 2.4015 USD; 2.4015 / (0.005 × 1.10) = 436.636… units.
  assert.is(minimum('compose', HALF_PERCENT), gcu('436.6364'));
  // 0.01 / (0.005 × 1.10) = 1.8181… units.
  assert.is(minimum('decompose', HALF_PERCENT), gcu('1.8182'));
  assert.is(minimum('compose', 50_000n), gcu('43.6637'));
  assert.is(minimum('decompose', 50_000n), gcu('0.1819'));
});

test('every amount from the minimum on passes, in both directions; below it some do and some do not', () => {
  let seed = 11;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (const direction of ['compose', 'decompose'] as const) {
    const from = minimum(direction, HALF_PERCENT);
    for (let i = 0; i < 500; i++) {
      const amount = from + BigInt(next() % 50_000_000);
      assert.ok(withinTolerance(quote(direction, amount), HALF_PERCENT), `${direction} ${amount}`);
    }
  }
  // 100 GCU composes for 0.17 USD of rounding (0.16 %), 150 GCU would cost 1.42 USD (0.86 %).
  assert.ok(withinTolerance(quote('compose', gcu('100.0000')), HALF_PERCENT));
  assert.not.ok(withinTolerance(quote('compose', gcu('150.0000')), HALF_PERCENT));
  // Decomposing 1 GCU keeps 0.0051 USD (0.46 %) and passes; 0.5 GCU would keep 0.0032 USD (0.58 %).
  assert.ok(withinTolerance(quote('decompose', gcu('1.0000')), HALF_PERCENT));
  assert.not.ok(withinTolerance(quote('decompose', gcu('0.5000')), HALF_PERCENT));
});

test('whatever amount a compose accepts, a decompose of it is accepted too: a holder can redeem what they composed', () => {
  let seed = 3;
  const next = () => (seed = (seed * 48271) % 2147483647);
  let composable = 0;
  for (let i = 0; i < 2000; i++) {
    const amount = BigInt(1 + (next() % 20_000_000)); // up to 2000 GCU
    if (!withinTolerance(quote('compose', amount), HALF_PERCENT)) continue;
    composable += 1;
    assert.ok(withinTolerance(quote('decompose', amount), HALF_PERCENT), `${amount}`);
  }
  assert.ok(composable > 100, `only ${composable} composable amounts drawn`);
});

test('a round trip loses exactly the two reported costs: ceil − floor of each component less the cash in lieu, at current prices', () => {
  for (const amount of [gcu('100.0000'), gcu('1234.5678'), gcu('436.6364')]) {
    const compose = quote('compose', amount);
    const decompose = quote('decompose', amount);
    const lost = sub(movedValue(compose), movedValue(decompose));
    assert.ok(same(lost, add(compose.cost, decompose.cost)), `${amount}: lost ${toDecimal(lost, 8)}`);
    for (const { code } of terms) {
      const minorLost = compose.moved.get(code)! - decompose.moved.get(code)!;
      assert.ok(minorLost === 0n || minorLost === 1n, code);
    }
  }
  assert.is(quote('compose', gcu('1234.5678')).moved.get('USD'), 54321n); // 0.44 USD a unit, 543.21 rounded up
});

test.run();
