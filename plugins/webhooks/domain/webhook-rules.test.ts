import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../kernel/errors/errors.js';
import { verdictOf } from './outcome.js';
import { maxAttempts, nextRetryDelayMs, parseRetryAfterMs } from './retry-schedule.js';
import { parseEventSelection, parseWebhookUrl, selects } from './subscription.js';

const test = suite('webhooks domain rules');
const SCHEDULE = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

test('the schedule: 8 attempts, delays after each failure, jitter within ±10 %, none after the last', () => {
  assert.is(maxAttempts(SCHEDULE), 8);
  assert.is(nextRetryDelayMs(1, SCHEDULE, 0.1, 0.5), 5_000);
  assert.is(nextRetryDelayMs(1, SCHEDULE, 0.1, 0), 4_500);
  assert.is(nextRetryDelayMs(1, SCHEDULE, 0.1, 0.999999), 5_500);
  assert.is(nextRetryDelayMs(4, SCHEDULE, 0.1, 0.5), 7_200_000);
  assert.is(nextRetryDelayMs(7, SCHEDULE, 0, 0.3), 36_000_000);
  assert.is(nextRetryDelayMs(8, SCHEDULE, 0.1, 0.5), undefined);
});

test('Retry-After as seconds or an HTTP date; garbage is ignored', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  assert.is(parseRetryAfterMs('120', now), 120_000);
  assert.is(parseRetryAfterMs('Thu, 01 Jan 2026 00:01:00 GMT', now), 60_000);
  assert.is(parseRetryAfterMs('soon', now), undefined);
  assert.is(parseRetryAfterMs(undefined, now), undefined);
});

test('only 2xx acknowledges; 3xx fails; 410 is gone; 429/503 carry Retry-After', () => {
  assert.equal(verdictOf({ statusCode: 204 }), { kind: 'delivered' });
  assert.equal(verdictOf({ statusCode: 301 }), { kind: 'retry' });
  assert.equal(verdictOf({ statusCode: 410 }), { kind: 'gone' });
  assert.equal(verdictOf({ statusCode: 429, retryAfterMs: 1000 }), { kind: 'retry', retryAfterMs: 1000 });
  assert.equal(verdictOf({ statusCode: 503, retryAfterMs: 5 }), { kind: 'retry', retryAfterMs: 5 });
  assert.equal(verdictOf({ statusCode: 500, retryAfterMs: 5 }), { kind: 'retry' });
  assert.equal(verdictOf({ error: 'ECONNREFUSED' }), { kind: 'retry' });
});

test('event selection: known names or the single *, pointers on every bad entry', () => {
  const known = new Set(['account.created', 'transfer.completed']);
  assert.equal(parseEventSelection(['account.created', 'account.created'], known), ['account.created']);
  assert.equal(parseEventSelection(['*'], known), ['*']);
  const error = (() => {
    try {
      parseEventSelection(['x.y', 3, '*'], known);
    } catch (e) {
      return e as ValidationError;
    }
  })();
  assert.instance(error, ValidationError);
  assert.equal(error!.issues.map((i) => i.pointer), ['/events/0', '/events/1', '/events/2']);
  assert.throws(() => parseEventSelection([], known));
  assert.throws(() => parseEventSelection('*', known));
});

test('* selects every event but test.webhook', () => {
  assert.ok(selects(['*'], 'account.created'));
  assert.not.ok(selects(['*'], 'test.webhook'));
  assert.not.ok(selects(['test.webhook'], 'test.webhook'));
  assert.ok(selects(['transfer.completed'], 'transfer.completed'));
  assert.not.ok(selects(['transfer.completed'], 'transfer.failed'));
});

test('urls: https only (http when allowed), no credentials, no fragment', () => {
  assert.is(parseWebhookUrl('https://example.com/hook', { allowHttp: false }).host, 'example.com');
  assert.throws(() => parseWebhookUrl('http://example.com/hook', { allowHttp: false }), /https/);
  assert.is(parseWebhookUrl('http://example.com/hook', { allowHttp: true }).protocol, 'http:');
  assert.throws(() => parseWebhookUrl('https://a:b@example.com/', { allowHttp: false }));
  assert.throws(() => parseWebhookUrl('https://example.com/#x', { allowHttp: false }));
  assert.throws(() => parseWebhookUrl('/relative', { allowHttp: false }));
  assert.throws(() => parseWebhookUrl('x'.repeat(3000), { allowHttp: false }));
});

test.run();
