import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { teamBatches } from './ledger-check.js';

const teams = (...counts: [string, number][]) => counts.map(([teamId, accounts]) => ({ teamId, accounts }));

test('no team: one batch over everything, so rows without an account are still checked', () => {
  assert.equal(teamBatches([], 1000), [{ slice: {}, accounts: 0 }]);
});

test('one team, or fewer accounts than a batch: one batch open at both ends', () => {
  assert.equal(teamBatches(teams(['t1', 3]), 1000), [{ slice: {}, accounts: 3 }]);
  assert.equal(teamBatches(teams(['t1', 3], ['t2', 4]), 1000), [{ slice: {}, accounts: 7 }]);
});

test('teams are cut into consecutive slices of about the batch size; a large team is a batch of its own; the ends stay open', () => {
  assert.equal(teamBatches(teams(['a', 1], ['b', 1], ['c', 5], ['d', 1]), 2), [
    { slice: { through: 'b' }, accounts: 2 },
    { slice: { after: 'b', through: 'c' }, accounts: 5 },
    { slice: { after: 'c' }, accounts: 1 },
  ]);
  assert.equal(teamBatches(teams(['a', 2], ['b', 2]), 2), [
    { slice: { through: 'a' }, accounts: 2 },
    { slice: { after: 'a' }, accounts: 2 },
  ]);
});

test.run();
