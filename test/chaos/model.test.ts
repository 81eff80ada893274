import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BalanceModel } from './model.js';
import type { Pending } from './registry.js';
import { decimal, units } from './units.js';

const usd = (account: string, amount: string) => ({ account, asset: 'USD', chain: null, delta: units(amount) });

test('units read decimals of any precision exactly, and print them back', () => {
  assert.is(units('0.000000000000000001'), 1n);
  assert.is(units('1,350.10'), units('1350.1'));
  assert.is(decimal(units('-12.340')), '-12.34');
  assert.throws(() => units('1e3'));
});

test('a pending transfer widens what a read may show by its credit and refund; resolving it fixes the balance', () => {
  const model = new BalanceModel();
  model.apply([usd('a', '100'), usd('a', '-10.10')]);
  const pending: Pending = { incoming: [usd('b', '10')], refunds: [usd('a', '10.10')], settle: async () => ({ final: true, effects: [] }) };
  model.addPending(pending);
  assert.equal(model.bounds({ account: 'a', asset: 'USD', chain: null }), { low: units('89.90'), high: units('100') });
  assert.equal(model.bounds({ account: 'b', asset: 'USD', chain: null }), { low: 0n, high: units('10') });
  model.resolve(pending, [usd('b', '10')]);
  assert.equal(model.bounds({ account: 'b', asset: 'USD', chain: null }), { low: units('10'), high: units('10') });
  assert.equal(model.bounds({ account: 'a', asset: 'USD', chain: null }), { low: units('89.90'), high: units('89.90') });
});

test('another team\'s request in flight widens the interval both ways until it is released', () => {
  const model = new BalanceModel();
  model.apply([usd('b', '50')]);
  const release = model.expect([usd('b', '5'), usd('b', '-2')]);
  assert.equal(model.bounds({ account: 'b', asset: 'USD', chain: null }), { low: units('48'), high: units('55') });
  model.apply([usd('b', '5')]);
  release();
  assert.equal(model.bounds({ account: 'b', asset: 'USD', chain: null }), { low: units('55'), high: units('55') });
});

test.run();
