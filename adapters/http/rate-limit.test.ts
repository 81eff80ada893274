import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RateLimitedError } from '../../kernel/errors/index.js';
import { call, KEYS, startFixture } from './http-test-kit.js';
import { TokenBucketLimiter } from '../edge/rate-limit.js';
import { throttledAddress } from '../edge/auth-throttle.js';

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

test('failed authentications per address: 20 in a burst are 401, then 429 with Retry-After and a pointer, valid keys from the address too; one back per 3 s', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const f = await startFixture({ http: { failedAuthPerMinute: 20 }, clock: { now: () => new Date(now) } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await call(f, 'GET', '/api/v2/things', { key: `fak_random_${i}` })).status);
    assert.equal(statuses, [...Array(20).fill(401), ...Array(5).fill(429)]);
    const limited = await call(f, 'GET', '/api/v2/things', { key: 'fak_random_x' });
    assert.is(limited.headers.get('retry-after'), '3');
    assert.equal((limited.json as any).errors, [
      {
        status: 429,
        code: 'rate_limited',
        title: 'Too many requests',
        detail: 'Too many failed authentications from this address; retry after 3 s.',
        source: { header: 'Authorization' },
      },
    ]);
    // No lookup is made while the address has no allowance left, so a valid key is refused as well (docs/auth.md).
    assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.reader })).status, 429);
    // A request without a key is not an attempt: 401 as always.
    assert.is((await call(f, 'GET', '/api/v2/things')).status, 401);
    now += 3_000;
    assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.reader })).status, 200, 'a token back: the valid key passes');
    assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.reader })).status, 200, 'successes spend nothing');
    assert.is((await call(f, 'GET', '/api/v2/things', { key: 'fak_random_y' })).status, 401);
    assert.is((await call(f, 'GET', '/api/v2/things', { key: 'fak_random_z' })).status, 429);
    // A client that only ever sends valid keys is never throttled, however many requests it makes.
    now += 60_000;
    for (let i = 0; i < 100; i += 1) assert.is((await call(f, 'GET', '/api/v2/things', { key: KEYS.reader })).status, 200);
  } finally {
    await f.close();
  }
});

test('failed-authentication buckets: IPv4 and its mapped IPv6 form share one, an IPv6 /64 is one', () => {
  assert.is(throttledAddress('203.0.113.9'), throttledAddress('::ffff:203.0.113.9'));
  assert.is.not(throttledAddress('203.0.113.9'), throttledAddress('203.0.113.10'));
  assert.is(throttledAddress('2001:db8:1:2::1'), throttledAddress('2001:db8:1:2:ffff::9'));
  assert.is.not(throttledAddress('2001:db8:1:2::1'), throttledAddress('2001:db8:1:3::1'));
});

test.run();
