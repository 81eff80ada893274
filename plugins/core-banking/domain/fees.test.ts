import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkFeeRule, transferFee } from './fees.js';

test('10 bps of 100.00 is 0.10', () => {
  assert.is(transferFee(10_000n, { bps: 10, min: 1n }), 10n);
});

test('rounds half-up to the minor unit', () => {
  // 10 bps of 1.05 = 0.00105 -> 0 minor units before the minimum; 15 bps of 10.00 = 0.015 -> 0.02
  assert.is(transferFee(1_000n, { bps: 15, min: 0n }), 2n);
  assert.is(transferFee(1_049n, { bps: 10, min: 0n }), 1n);
  assert.is(transferFee(1_050n, { bps: 10, min: 0n }), 1n);
  assert.is(transferFee(1_500n, { bps: 10, min: 0n }), 2n);
  assert.is(transferFee(1_499n, { bps: 10, min: 0n }), 1n);
});

test('the minimum applies to small amounts, the maximum caps large ones', () => {
  assert.is(transferFee(1n, { bps: 10, min: 1n }), 1n);
  assert.is(transferFee(100_000_000n, { bps: 10, min: 1n, max: 2_500n }), 2_500n);
  assert.is(transferFee(5_000n, { bps: 0, min: 0n }), 0n);
});

test('works on 18-decimal amounts without overflow or floats', () => {
  const oneEther = 10n ** 18n;
  assert.is(transferFee(oneEther, { bps: 10, min: 1n }), 10n ** 15n);
  assert.is(transferFee(123_456_789_012_345_678_901n, { bps: 7, min: 1n }), 86_419_752_308_641_975n);
});

test('refuses a zero amount and checks rule bounds', () => {
  assert.throws(() => transferFee(0n, { bps: 10, min: 1n }));
  assert.is(checkFeeRule({ bps: 10, min: 1n }), undefined);
  assert.ok(checkFeeRule({ bps: 10, min: 5n, max: 4n }));
  assert.ok(checkFeeRule({ bps: 10_001, min: 0n }));
  assert.ok(checkFeeRule({ bps: 1.5, min: 0n }));
});

test.run();
