import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { approved, outcomeOf, quorumReached, tally } from './tally.js';

const Q = 100_000n; // 10 %
const A = 500_000n; // 50 %

test('tally sums power per choice; abstentions count for the quorum only', () => {
  const t = tally([{ choice: 'for', power: 600n }, { choice: 'against', power: 300n }, { choice: 'abstain', power: 100n }], 10_000n);
  assert.equal({ for: t.for, against: t.against, abstain: t.abstain, cast: t.cast, voters: t.voters }, { for: 600n, against: 300n, abstain: 100n, cast: 1000n, voters: 3 });
  assert.ok(quorumReached(t, Q)); // exactly 10 %
  assert.ok(approved(t, A));
  assert.is(outcomeOf(t, Q, A), 'passed');
});

test('quorum boundary is inclusive, approval strictly more than the threshold', () => {
  assert.not.ok(quorumReached(tally([{ choice: 'for', power: 999n }], 10_000n), Q));
  assert.ok(quorumReached(tally([{ choice: 'abstain', power: 1000n }], 10_000n), Q));
  assert.is(outcomeOf(tally([{ choice: 'abstain', power: 1000n }], 10_000n), Q, A), 'rejected');
  assert.is(outcomeOf(tally([{ choice: 'for', power: 500n }, { choice: 'against', power: 500n }], 1000n), Q, A), 'rejected');
  assert.is(outcomeOf(tally([{ choice: 'for', power: 501n }, { choice: 'against', power: 500n }], 1001n), Q, A), 'passed');
  assert.is(outcomeOf(tally([{ choice: 'for', power: 2n }, { choice: 'against', power: 1n }], 3n), Q, 666_667n), 'rejected');
  assert.is(outcomeOf(tally([{ choice: 'for', power: 2n }, { choice: 'against', power: 1n }], 3n), Q, 666_666n), 'passed');
});

test('no supply at the snapshot: nothing passes', () => {
  assert.is(outcomeOf(tally([], 0n), Q, A), 'no_quorum');
  assert.is(outcomeOf(tally([{ choice: 'for', power: 5n }], 0n), Q, A), 'no_quorum');
});

test.run();
