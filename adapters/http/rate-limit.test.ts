import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RateLimitedError } from '../../kernel/errors/index.js';
import { call, KEYS, startFixture } from './http-test-kit.js';
import { TokenBucketLimiter } from '../edge/rate-limit.js';

const test = suite('http: rate limits');

test('a bucket allows perMinute requests at once, then refills at perMinute per minute', () => {
  let now = 0;
  const limiter = new TokenBucketLimiter(60, () => now);
  for (let i = 0; i < 60; i += 1) limiter.take('k');
  const refused = (() => {
    try {
      limiter.take('k');
      return undefined;
    } catch (error) {
      return error;
    }
  })();
  assert.instance(refused, RateLimitedError);
  assert.is((refused as RateLimitedError).retryAfterSeconds, 1);
  assert.is(limiter.take('other').remaining, 59, 'keys have their own buckets');
  now += 1_000;
  assert.is(limiter.take('k').remaining, 0);
  assert.throws(() => limiter.take('k'), (error: unknown) => error instanceof RateLimitedError);
});

test('0 disables the limiter', () => {
  const limiter = new TokenBucketLimiter(0, () => 0);
  assert.not.ok(limiter.enabled);
  for (let i = 0; i < 1_000; i += 1) limiter.take('k');
});

test('the key map stays bounded: full buckets are dropped first', () => {
  let now = 0;
  const limiter = new TokenBucketLimiter(10, () => now, 3);
  for (const key of ['a', 'b', 'c']) limiter.take(key);
  now += 60_000;
  limiter.take('d');
  assert.is((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size, 1);
});

test('429 rate_limited with Retry-After in seconds, per API key, over HTTP', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const f = await startFixture({ http: { rateLimitPerMinute: 2 }, clock: { now: () => new Date(now) } });
  try {
    const first = await call(f, 'GET', '/api/v2/things', { key: KEYS.reader });
    assert.is(first.status, 200);
    assert.is(first.headers.get('x-ratelimit-limit'), '2');
    assert.is(first.headers.get('x-ratelimit-remaining'), '1');
    assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.reader })).status, 200);
    const limited = await call(f, 'GET', '/api/v2/things', { key: KEYS.reader });
    assert.is(limited.status, 429);
    assert.is(limited.headers.get('retry-after'), '30');
    assert.equal(limited.json.errors[0].code, 'rate_limited');
    assert.is(limited.json.errors[0].status, 429);

    assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.writer })).status, 200, 'another key is not limited');
    assert.is((await call(f, 'GET', '/api/ping')).status, 200, 'public routes are not limited per key');

    now += 30_000;
    assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.reader })).status, 200, 'one token back after 30 s');
  } finally {
    await f.close();
  }
});

test.run();
