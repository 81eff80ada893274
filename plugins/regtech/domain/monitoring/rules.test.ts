import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isJustUnder, mergeFlags, riskScoreOf, transferFindings, type MonitoringThresholds } from './rules.js';

const thresholds: MonitoringThresholds = { largeAmountCents: 1_000_000n, structuringBandPercent: 10, structuringCount: 3, velocityCount: 5 };
const flags = (amountCents: bigint, justUnderInWindow = 1, inVelocityWindow = 1) => transferFindings({ amountCents, justUnderInWindow, inVelocityWindow }, thresholds).map((finding) => finding.flag);

test('large amount fires at the threshold, not a cent below', () => {
  assert.equal(flags(1_000_000n), ['large_amount']);
  assert.equal(flags(999_999n), []);
});

test('structuring fires for the third transfer just under the line in the window, not the second, not below the band', () => {
  assert.ok(isJustUnder(900_000n, thresholds) && isJustUnder(999_999n, thresholds));
  assert.not.ok(isJustUnder(899_999n, thresholds) || isJustUnder(1_000_000n, thresholds));
  assert.equal(flags(950_000n, 3), ['structuring']);
  assert.equal(flags(950_000n, 2), []);
  assert.equal(flags(800_000n, 5), [], 'below the band, however many');
});

test('velocity fires at the fifth transfer in the window, not the fourth', () => {
  assert.equal(flags(1000n, 0, 5), ['velocity']);
  assert.equal(flags(1000n, 0, 4), []);
});

test('scores: weights summed and capped; flags merged once, in a stable order', () => {
  assert.is(riskScoreOf(['large_amount']), 40);
  assert.is(riskScoreOf(['structuring']), 60);
  assert.is(riskScoreOf(['sanctioned_counterparty', 'velocity']), 100);
  assert.equal(mergeFlags(['velocity'], ['large_amount', 'velocity']), ['large_amount', 'velocity']);
});

test.run();
