import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coverageRatio, fullyReserved } from './reserve.js';

const figures = (outstandingSupply: bigint, reserveAssets: bigint) => ({ code: 'USDB', referenceAsset: 'USD', precision: 2, outstandingSupply, reserveAssets });

test('the coverage ratio is exact to six places, rounded down, null with nothing outstanding', () => {
  assert.is(coverageRatio(figures(0n, 0n)), null);
  assert.is(coverageRatio(figures(12_345n, 12_345n)), '1.000000');
  assert.is(coverageRatio(figures(3n, 2n)), '0.666666');
  assert.is(coverageRatio(figures(3n, 4n)), '1.333333');
  assert.is(coverageRatio(figures(10n ** 30n, 10n ** 30n - 1n)), '0.999999');
  assert.is(coverageRatio(figures(1n, 25n)), '25.000000');
});

test('fully reserved means the reserve is at least the supply', () => {
  assert.ok(fullyReserved(figures(5n, 5n)));
  assert.ok(fullyReserved(figures(0n, 0n)));
  assert.not.ok(fullyReserved(figures(5n, 4n)));
});

test.run();
