import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRate } from '../../../kernel/money/rate.js';
import { div, toDecimal } from './fraction.js';
import { componentMinor, contributionUsd, fixingValue, quantitiesFor, QUANTITY_SCALE, unitValueUsd } from './quantities.js';
import { DEFAULT_GCU_WEIGHTS } from './weights.js';

const prices = new Map(Object.entries({ USD: '1', EUR: '1.08', GBP: '1.27', CHF: '1.13', JPY: '0.0067', XAU: '2350' }).map(([c, p]) => [c, parseRate(p)]));
const ONE = { n: 1n, d: 1n };

test('quantities reproduce the unit value and the target weights at the fixing prices', () => {
  const q = quantitiesFor(DEFAULT_GCU_WEIGHTS, ONE, prices);
  assert.is(q.get('USD'), 400_000_000_000_000_000n); // 0.40 USD per unit
  assert.is(toDecimal(unitValueUsd(q, prices), 12), '1.000000000000');
  for (const [code, weight] of DEFAULT_GCU_WEIGHTS) {
    const share = div(contributionUsd(q.get(code)!, prices.get(code)!), unitValueUsd(q, prices));
    assert.is(toDecimal(share, 9), toDecimal({ n: weight, d: 1_000_000n }, 9), code);
  }
});

test('value moves with prices between rebalancings; re-fixing keeps the value continuous', () => {
  const q = quantitiesFor(DEFAULT_GCU_WEIGHTS, ONE, prices);
  const moved = new Map(prices);
  moved.set('XAU', parseRate('2585')); // gold +10 %
  assert.is(toDecimal(unitValueUsd(q, moved), 6), '1.002000');
  const refixed = quantitiesFor(DEFAULT_GCU_WEIGHTS, unitValueUsd(q, moved), moved);
  assert.is(toDecimal(unitValueUsd(refixed, moved), 9), '1.002000000');
  assert.ok(refixed.get('XAU')! < q.get('XAU')!, 'gold quantity falls after its price rose');
});

test('re-fixing under unchanged prices keeps round quantities: the atto-unit residue never reaches them', () => {
  let q = quantitiesFor(DEFAULT_GCU_WEIGHTS, { n: 110n, d: 100n }, prices);
  // Gold's quantity is rounded to 1e-18 oz, so the measured value is 1.10 plus a residue of about 1e-15.
  assert.is.not(toDecimal(unitValueUsd(q, prices), 24), '1.100000000000000000000000');
  for (let month = 0; month < 12; month++) {
    const value = fixingValue(unitValueUsd(q, prices));
    assert.equal(value, { n: 11n, d: 10n });
    q = quantitiesFor(DEFAULT_GCU_WEIGHTS, value, prices);
  }
  assert.is(q.get('USD'), 440_000_000_000_000_000n); // 0.44 USD, not 0.440000000000008641
  assert.is(toDecimal(fixingValue({ n: 1_234_567_895n, d: 10n ** 17n }), 8), '0.00000001', 'half-up at the 8th decimal');
});

test('compose rounds up, decompose rounds down, exact amounts are not rounded', () => {
  const q = 400_000_000_000_000_000n; // 0.4 USD per unit
  assert.is(componentMinor(10_000n, 4, q, 2, 'up'), 40n); // 1.0000 GCU → 0.40 USD exactly
  assert.is(componentMinor(10_000n, 4, q, 2, 'down'), 40n);
  assert.is(componentMinor(1n, 4, q, 2, 'up'), 1n); // 0.0001 GCU → 0.00004 USD → 0.01 up
  assert.is(componentMinor(1n, 4, q, 2, 'down'), 0n);
  const third = QUANTITY_SCALE / 3n;
  assert.is(componentMinor(30_000n, 4, third, 0, 'up'), 1n);
  assert.is(componentMinor(30_000n, 4, third, 0, 'down'), 0n);
});

test('a reserve of ceil(U × q) always covers any sequence of floor-rounded redemptions', () => {
  const q = 123_456_789_012_345_678n;
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let round = 0; round < 200; round++) {
    let outstanding = 0n;
    let reserve = 0n;
    for (let i = 0; i < 20; i++) {
      const n = BigInt(next() % 50_000) + 1n;
      reserve += componentMinor(n, 4, q, 2, 'up');
      outstanding += n;
    }
    while (outstanding > 0n) {
      const n = outstanding < 7_777n ? outstanding : BigInt(next() % 7_777) + 1n;
      reserve -= componentMinor(n, 4, q, 2, 'down');
      outstanding -= n;
      assert.ok(reserve >= componentMinor(outstanding, 4, q, 2, 'down'), `reserve ${reserve} short`);
    }
    assert.ok(reserve >= 0n);
  }
});

test.run();
