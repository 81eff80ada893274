import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRate } from '../../../kernel/money/rate.js';
import { minimumAmount, quoteExchange, withinTolerance, type ComponentTerms } from './exchange-rounding.js';
import { toDecimal } from './fraction.js';
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

test('composing one unit would take a minor unit of gold (≈ 2.35 USD) for 1.10 USD of units: the cost says so', () => {
  const quote = quoteExchange('compose', gcu('1.0000'), 4, terms);
  assert.is(quote.moved.get('XAU'), 1n);
  assert.is(toDecimal(quote.value, 8), '1.10000000');
  assert.is(toDecimal(quote.cost, 8), '2.33640000');
  assert.not.ok(withinTolerance(quote, HALF_PERCENT));
});

test('0.0001 GCU: compose takes a minor unit of everything, decompose pays nothing; both are refused', () => {
  const compose = quoteExchange('compose', 1n, 4, terms);
  assert.equal(Object.fromEntries(compose.moved), { USD: 1n, EUR: 1n, GBP: 1n, CHF: 1n, JPY: 1n, XAU: 1n });
  assert.not.ok(withinTolerance(compose, HALF_PERCENT));
  const decompose = quoteExchange('decompose', 1n, 4, terms);
  assert.equal(decompose.unpaid, ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'XAU']);
  assert.is(toDecimal(decompose.cost, 8), toDecimal(decompose.value, 8), 'everything is lost');
});

test('decomposing 100 GCU pays no gold; from the payout minimum on it pays at least a minor unit of each', () => {
  assert.equal(quoteExchange('decompose', gcu('100.0000'), 4, terms).unpaid, ['XAU']);
  // 0.001 oz / 0.0000093617… oz per unit = 106.818… units.
  const payout = quoteExchange('decompose', gcu('106.8182'), 4, terms);
  assert.equal(payout.unpaid, []);
  assert.is(payout.moved.get('XAU'), 1n);
  assert.equal(quoteExchange('decompose', gcu('106.8181'), 4, terms).unpaid, ['XAU']);
});

test('the minimum is the smallest amount whose worst-case rounding (a minor unit of each) is within the tolerance', () => {
  // Σ one minor unit × price = 0.01 + 0.0108 + 0.0127 + 0.0113 + 0.0067 + 2.35 = 2.4015 USD; 2.4015 / (0.005 × 1.10) = 436.636… units.
  assert.is(minimumAmount('compose', 4, terms, HALF_PERCENT), gcu('436.6364'));
  assert.is(minimumAmount('decompose', 4, terms, HALF_PERCENT), gcu('436.6364'));
  // A looser tolerance lowers the compose minimum below the decompose payout minimum, which still holds.
  assert.is(minimumAmount('compose', 4, terms, 50_000n), gcu('43.6637'));
  assert.is(minimumAmount('decompose', 4, terms, 50_000n), gcu('106.8182'));
});

test('every amount from the minimum on passes, in both directions; below it some do and some do not', () => {
  const minimum = minimumAmount('compose', 4, terms, HALF_PERCENT);
  let seed = 11;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let i = 0; i < 500; i++) {
    const amount = minimum + BigInt(next() % 50_000_000);
    for (const direction of ['compose', 'decompose'] as const) {
      const quote = quoteExchange(direction, amount, 4, terms);
      assert.ok(withinTolerance(quote, HALF_PERCENT) && quote.unpaid.length === 0, `${direction} ${amount}`);
    }
  }
  // 100 GCU composes for 0.17 USD of rounding (0.16 %), 150 GCU would cost 1.42 USD (0.86 %).
  assert.ok(withinTolerance(quoteExchange('compose', gcu('100.0000'), 4, terms), HALF_PERCENT));
  assert.not.ok(withinTolerance(quoteExchange('compose', gcu('150.0000'), 4, terms), HALF_PERCENT));
});

test('a round trip loses exactly the two reported costs: ceil − floor of each component, at current prices', () => {
  const amount = gcu('1234.5678');
  const compose = quoteExchange('compose', amount, 4, terms);
  const decompose = quoteExchange('decompose', amount, 4, terms);
  let lost = 0n; // in 1e-8 USD: component minor units × price
  for (const { code, precision, price } of terms) {
    const minorLost = compose.moved.get(code)! - decompose.moved.get(code)!;
    assert.ok(minorLost === 0n || minorLost === 1n, code);
    lost += (minorLost * price.numerator * 10n ** 8n) / 10n ** BigInt(precision + price.scale);
  }
  const reported = BigInt(toDecimal(compose.cost, 8).replace('.', '')) + BigInt(toDecimal(decompose.cost, 8).replace('.', ''));
  assert.ok(lost - reported <= 1n && reported - lost <= 1n, `${lost} vs ${reported}`);
  assert.is(compose.moved.get('USD'), 54321n); // 0.44 USD a unit, 543.21 rounded up
});

test.run();
