import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_WINDOW_SECONDS, PerSecondCounters } from './per-second-counters.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

test('a window counts every handled event, however many (samples would saturate at 2,000)', () => {
  const counters = new PerSecondCounters();
  for (let i = 0; i < 5_000; i++) counters.handled(T0 + 500, 1);
  counters.handled(T0 + 30_000, 7);
  assert.equal(counters.window(T0 + 59_999, 60), { seconds: 60, handled: 5_007, failed: 0, failedByType: {} });
});

test('failures are counted per event type; seconds outside the window are left out', () => {
  const counters = new PerSecondCounters();
  counters.failed(T0, 'account.created');
  counters.failed(T0 + 10_000, 'account.created');
  counters.failed(T0 + 10_000, 'transfer.completed');
  counters.handled(T0 + 10_000, 3);
  assert.equal(counters.window(T0 + 10_000, 10), { seconds: 10, handled: 3, failed: 2, failedByType: { 'account.created': 1, 'transfer.completed': 1 } });
  assert.equal(counters.window(T0 + 10_000, 11).failed, 3);
  assert.equal(counters.window(T0 + 71_000, 60), { seconds: 60, handled: 0, failed: 0, failedByType: {} });
});

test('after an hour a slot starts over; a window longer than an hour is an hour', () => {
  const counters = new PerSecondCounters();
  counters.handled(T0, 4);
  const hourLater = T0 + MAX_WINDOW_SECONDS * 1000;
  counters.handled(hourLater, 1);
  assert.is(counters.window(hourLater, 3_600).handled, 1);
  assert.is(counters.window(hourLater, 99_999).seconds, MAX_WINDOW_SECONDS);
});

test.run();
