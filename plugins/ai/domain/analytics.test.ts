import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { average, averageScore, median, total } from './analytics.js';

test('sums are exact; averages and medians round half up', () => {
  assert.is(total([100n, 250n, 5n]), 355n);
  assert.is(average([100n, 250n, 5n]), 118n); // 118.33
  assert.is(average([1n, 2n]), 2n); // 1.5 → 2
  assert.is(median([5n, 1n, 3n]), 3n);
  assert.is(median([1n, 2n, 4n, 10n]), 3n);
  assert.is(median([1n, 2n]), 2n);
  assert.is(median([]), 0n);
  assert.is(average([]), 0n);
});

test('the average risk score counts scored transactions only', () => {
  assert.is(averageScore([null, null]), null);
  assert.is(averageScore([10, null, 21]), 15.5);
});

test.run();
