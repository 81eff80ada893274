import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { healthFactor, withinBorrowLimit } from './health.js';
import { simpleInterest, YEAR_MS } from './interest.js';

test('simple interest is exact: a year at 5 % of 1000.000000 USDC is 50.000000; fractions round by side', () => {
  assert.is(simpleInterest(1_000_000_000n, 500n, YEAR_MS, true), 50_000_000n);
  assert.is(simpleInterest(1_000_000_000n, 500n, YEAR_MS, false), 50_000_000n);
  // One second: 1000 × 5 % / 31 536 000 = 0.0000015854… USDC.
  assert.is(simpleInterest(1_000_000_000n, 500n, 1000n, false), 1n);
  assert.is(simpleInterest(1_000_000_000n, 500n, 1000n, true), 2n);
  assert.is(simpleInterest(1_000_000_000n, 500n, 0n, true), 0n);
  assert.is(simpleInterest(2n ** 200n, 10_000n, YEAR_MS, false), 2n ** 200n, 'no overflow at uint256 scale');
});

test('health factor and borrow limit as Aave defines them', () => {
  const usd = (dollars: bigint) => dollars * 10n ** 18n;
  const supply = { side: 'supply' as const, valueUsd18: usd(10_000n), ltvBps: 8_050n, liquidationThresholdBps: 8_300n };
  const debt = (dollars: bigint) => ({ side: 'borrow' as const, valueUsd18: usd(dollars), ltvBps: 0n, liquidationThresholdBps: 0n });
  assert.is(healthFactor([supply]), undefined, 'no debt');
  assert.is(healthFactor([supply, debt(8_300n)]), 1_000_000n, 'exactly at the liquidation threshold: 1.0');
  assert.is(healthFactor([supply, debt(3_000n)]), 2_766_666n, 'rounded down');
  assert.ok(withinBorrowLimit([supply, debt(8_050n)]));
  assert.not.ok(withinBorrowLimit([supply, debt(8_051n)]));
  assert.ok(withinBorrowLimit([]));
});

test.run();
