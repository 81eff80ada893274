import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertTransition, canTransition, isFinal, statusForOutcome } from './transfer.js';

test('pending settles, fails or expires', () => {
  assert.ok(canTransition('pending', 'completed'));
  assert.ok(canTransition('pending', 'failed'));
  assert.ok(canTransition('pending', 'expired'));
  assert.not.ok(canTransition('pending', 'reversed'));
});

test('a held transfer (pending_review) settles or fails by the review, never expires, and is not final', () => {
  assert.ok(canTransition('pending', 'pending_review'));
  assert.ok(canTransition('pending_review', 'completed'));
  assert.ok(canTransition('pending_review', 'failed'));
  assert.not.ok(canTransition('pending_review', 'expired'));
  assert.not.ok(canTransition('pending_review', 'pending'));
  assert.not.ok(isFinal('pending_review'));
});

test('only a completed transfer can be reversed; failed and expired are final', () => {
  assert.ok(canTransition('completed', 'reversed'));
  assert.not.ok(canTransition('completed', 'failed'));
  assert.ok(isFinal('failed'));
  assert.ok(isFinal('expired'));
  assert.ok(isFinal('reversed'));
  assert.not.ok(isFinal('pending'));
  assert.throws(() => assertTransition('failed', 'completed'), /cannot become/);
});

test('workflow outcomes map to transfer statuses', () => {
  assert.is(statusForOutcome('completed'), 'completed');
  assert.is(statusForOutcome('failed'), 'failed');
  assert.is(statusForOutcome('timed_out'), 'expired');
});

test.run();
