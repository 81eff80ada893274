import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RandomWalk } from '../../kernel/simulation/random-walk.js';
import { defaultParams, toScaled } from './price-walk.js';

test('the walk is a pure function of (seed, asset, hour), forwards or backwards', () => {
  const a = new RandomWalk('s', 'EUR', toScaled('1.08'), defaultParams('EUR', 'fiat'));
  const b = new RandomWalk('s', 'EUR', toScaled('1.08'), defaultParams('EUR', 'fiat'));
  const late = a.at(5000);
  assert.is(a.at(10), b.at(10));
  assert.is(b.at(5000), late);
  assert.is(a.at(5000), late);
  assert.is.not(new RandomWalk('other', 'EUR', toScaled('1.08'), defaultParams('EUR', 'fiat')).at(5000), late);
});

test('USD never moves; others move but stay near their base (mean reversion)', () => {
  const usd = new RandomWalk('s', 'USD', toScaled('1'), defaultParams('USD', 'fiat'));
  assert.is(usd.at(8760), toScaled('1'));
  const eur = new RandomWalk('s', 'EUR', toScaled('1.08'), defaultParams('EUR', 'fiat'));
  let moved = 0;
  for (let k = 1; k <= 8760; k++) {
    const price = eur.at(k);
    if (price !== toScaled('1.08')) moved++;
    assert.ok(price > toScaled('0.8') && price < toScaled('1.4'), `hour ${k}: ${price}`);
  }
  assert.ok(moved > 8000);
});

test.run();
