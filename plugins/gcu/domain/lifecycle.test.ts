import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nextMonthStart, votingWindowFor } from './calendar.js';
import { bucketStart, closeOfBuckets, periodStart } from './history.js';
import { statusAt, talliesPublished } from './proposal.js';

const at = (iso: string) => new Date(iso);

test('proposal status follows the clock: upcoming → active → past, end exclusive', () => {
  const p = { startsAt: at('2026-01-25T00:00:00Z'), endsAt: at('2026-02-01T00:00:00Z') };
  assert.is(statusAt(p, at('2026-01-24T23:59:59.999Z')), 'upcoming');
  assert.is(statusAt(p, at('2026-01-25T00:00:00Z')), 'active');
  assert.is(statusAt(p, at('2026-01-31T23:59:59.999Z')), 'active');
  assert.is(statusAt(p, at('2026-02-01T00:00:00Z')), 'past');
});

test('amounts of voting power are published from the end of voting on, never while votes can change', () => {
  const p = { endsAt: at('2026-02-01T00:00:00Z') };
  assert.not.ok(talliesPublished(p, at('2026-01-31T23:59:59.999Z')));
  assert.ok(talliesPublished(p, at('2026-02-01T00:00:00Z')));
});

test('the voting window for a period ends when the period begins', () => {
  assert.equal(votingWindowFor(at('2026-03-01T00:00:00Z'), 7), {
    period: '2026-03',
    startsAt: at('2026-02-22T00:00:00Z'),
    endsAt: at('2026-03-01T00:00:00Z'),
  });
  assert.equal(nextMonthStart(at('2026-12-31T23:00:00Z')), at('2027-01-01T00:00:00Z'));
  assert.equal(nextMonthStart(at('2026-02-01T00:00:00Z')), at('2026-03-01T00:00:00Z'));
});

test('history buckets: hour, UTC day, ISO week from Monday, month; closing value kept', () => {
  assert.equal(bucketStart('weekly', at('2026-01-04T12:00:00Z')), at('2025-12-29T00:00:00Z')); // a Sunday
  assert.equal(bucketStart('weekly', at('2026-01-05T00:00:00Z')), at('2026-01-05T00:00:00Z')); // a Monday
  assert.equal(bucketStart('monthly', at('2026-01-31T23:59:00Z')), at('2026-01-01T00:00:00Z'));
  const samples = [at('2026-01-01T01:00:00Z'), at('2026-01-01T23:00:00Z'), at('2026-01-02T00:00:00Z')].map((t, i) => ({ at: t, i }));
  assert.equal(closeOfBuckets(samples, 'daily').map((b) => b.sample.i), [1, 2]);
  assert.equal(periodStart('24h', at('2026-01-02T00:00:00Z')), at('2026-01-01T00:00:00Z'));
  assert.is(periodStart('all', at('2026-01-02T00:00:00Z')), null);
});

test.run();
