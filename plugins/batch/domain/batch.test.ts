import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { afterOutcome, itemLegs, type BatchRecord, type ItemRecord } from './batch.js';

const T = new Date('2026-01-01T00:00:00Z');
const batch: BatchRecord = { id: 'b', teamId: 't', type: 'transfer', status: 'processing', total: 2, completed: 0, failed: 0, createdAt: T, updatedAt: T, completedAt: null };

test('the batch completes when its last item ends, whichever way', () => {
  const one = afterOutcome(batch, 'failed', T);
  assert.equal([one.status, one.completed, one.failed, one.completedAt], ['processing', 0, 1, null]);
  const two = afterOutcome(one, 'completed', T);
  assert.equal([two.status, two.completed, two.failed, two.completedAt], ['completed', 1, 1, T]);
});

test('an item’s legs sum to zero: to the other account, or to the world for a payout', () => {
  const item = { fromAccount: 'a', toAccount: null, assetCode: 'USD', amount: 5n } as ItemRecord;
  assert.equal(itemLegs(item, 'system:world').map((leg) => [leg.accountId, leg.amount]), [['a', -5n], ['system:world', 5n]]);
  assert.equal(itemLegs({ ...item, toAccount: 'b' }, 'system:world').reduce((sum, leg) => sum + leg.amount, 0n), 0n);
});

test.run();
