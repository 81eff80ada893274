import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMinor, groupThousands, MAX_INTEGER_DIGITS, mulDivHalfUp, parseDecimal } from './decimal.js';

test('parses decimal strings into exact minor units', () => {
  assert.equal(parseDecimal('100.00', 2), { ok: true, minor: 10000n });
  assert.equal(parseDecimal('0.5', 2), { ok: true, minor: 50n });
  assert.equal(parseDecimal('7', 0), { ok: true, minor: 7n });
  assert.equal(parseDecimal('1.000000000000000001', 18), { ok: true, minor: 1000000000000000001n });
});

test('refuses signs, exponents, leading zeros and excess decimals', () => {
  for (const text of ['-1', '+1', '1e3', '01', '1.', '.5', ' 1', '1,00', '', 'NaN']) {
    assert.equal(parseDecimal(text, 2), { ok: false, problem: 'not_a_decimal' }, text);
  }
  assert.equal(parseDecimal('1.001', 2), { ok: false, problem: 'too_many_decimals' });
  assert.equal(parseDecimal('1.5', 0), { ok: false, problem: 'too_many_decimals' });
});

test('refuses more than MAX_INTEGER_DIGITS digits before the point, however many decimals', () => {
  const largest = '9'.repeat(MAX_INTEGER_DIGITS);
  assert.equal(parseDecimal(`${largest}.999999999999999999`, 18), { ok: true, minor: 10n ** 48n - 1n });
  assert.equal(parseDecimal(`1${'0'.repeat(MAX_INTEGER_DIGITS)}`, 0), { ok: false, problem: 'too_large' });
  assert.equal(parseDecimal(`${'9'.repeat(5000)}.00`, 2), { ok: false, problem: 'too_large' });
});

test('formats minor units at the asset precision', () => {
  assert.is(formatMinor(10000n, 2), '100.00');
  assert.is(formatMinor(5n, 2), '0.05');
  assert.is(formatMinor(-5n, 3), '-0.005');
  assert.is(formatMinor(42n, 0), '42');
  assert.is(formatMinor(1n, 18), '0.000000000000000001');
});

test('groups thousands for display', () => {
  assert.is(groupThousands('1234567.89'), '1,234,567.89');
  assert.is(groupThousands('999.00'), '999.00');
  assert.is(groupThousands('-1000'), '-1,000');
});

test('multiplies and divides with half-up rounding', () => {
  assert.is(mulDivHalfUp(1005n, 1n, 10n), 101n);
  assert.is(mulDivHalfUp(1004n, 1n, 10n), 100n);
  assert.is(mulDivHalfUp(-1005n, 1n, 10n), -101n);
  assert.is(mulDivHalfUp(12345n, 10n, 10_000n), 12n);
});

test.run();
