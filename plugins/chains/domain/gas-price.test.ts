import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GAS_STEP_MS, GasPriceWalk } from './gas-price.js';

const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');
const BASE = 8_000_000_000n;
const minute = (k: number) => new Date(EPOCH + k * GAS_STEP_MS);

test('the gas price is a pure function of seed, chain and minute', () => {
  const a = new GasPriceWalk('s', 'ethereum', BASE, EPOCH);
  const b = new GasPriceWalk('s', 'ethereum', BASE, EPOCH);
  const late = a.at(minute(10_000));
  assert.is(b.at(minute(10_000)), late);
  assert.is(a.at(minute(10_000)), late);
  assert.is(a.at(minute(10_000.5)), late, 'constant within a minute');
  assert.is.not(new GasPriceWalk('other', 'ethereum', BASE, EPOCH).at(minute(10_000)), late);
  assert.is.not(new GasPriceWalk('s', 'polygon', BASE, EPOCH).at(minute(10_000)), late);
  assert.is(a.at(minute(-5)), BASE, 'the base before the epoch');
});

test('over a day it moves every few minutes but stays within a band around the base', () => {
  const walk = new GasPriceWalk('s', 'ethereum', BASE, EPOCH);
  let changes = 0;
  let previous = BASE;
  for (let k = 1; k <= 1_440; k++) {
    const price = walk.at(minute(k));
    if (price !== previous) changes++;
    previous = price;
    assert.ok(price > BASE / 2n && price < BASE * 2n, `minute ${k}: ${price}`);
  }
  assert.ok(changes > 1_000, `${changes} changes`);
});

test.run();
