import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accrue, daysBetween, utcDay } from './product.js';

test('ACT/365: 10,000.00 at 3.65 % earns 1.00 a day', () => {
  assert.equal(accrue(1_000_000n, 365, 1, 0n), { pay: 100n, remainder: 0n });
});

test('below one minor unit a day, the remainder carries and is paid when whole: nothing is dropped', () => {
  // 100.00 at 2.50 %: 10,000 × 250 = 2,500,000 per day, under 3,650,000.
  const one = accrue(10_000n, 250, 1, 0n);
  assert.equal(one, { pay: 0n, remainder: 2_500_000n });
  const two = accrue(10_000n, 250, 1, one.remainder);
  assert.equal(two, { pay: 1n, remainder: 1_350_000n });
  // 365 days one at a time pay exactly what one 365-day accrual pays.
  let carried = 0n;
  let paid = 0n;
  for (let day = 0; day < 365; day += 1) {
    const step = accrue(10_000n, 250, 1, carried);
    paid += step.pay;
    carried = step.remainder;
  }
  assert.equal({ pay: paid, remainder: carried }, accrue(10_000n, 250, 365, 0n));
  assert.is(paid, 250n, '2.50 % of 100.00 over a year');
});

test('a negative or zero balance earns nothing; days are whole UTC days', () => {
  assert.equal(accrue(-5n, 500, 3, 7n), { pay: 0n, remainder: 7n });
  assert.is(daysBetween(utcDay(new Date('2026-01-01T10:00:00Z')), new Date('2026-01-03T09:00:00Z')), 2);
  assert.is(daysBetween(utcDay(new Date('2026-01-03T10:00:00Z')), new Date('2026-01-03T23:00:00Z')), 0);
});

test.run();
