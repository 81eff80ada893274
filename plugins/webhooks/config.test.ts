import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { webhooksConfigSchema } from './config.js';

test('the defaults parse: a 60 s lease over a 15 s timeout, 30 days of delivery history', () => {
  const config = webhooksConfigSchema.parse({});
  assert.equal([config.lease_ms, config.request_timeout_ms, config.delivery_retention_ms], [60_000, 15_000, 30 * 86_400_000]);
});

test('a lease that does not exceed the request timeout is refused, naming lease_ms', () => {
  for (const slice of [{ lease_ms: 10_000 }, { lease_ms: 15_000 }, { request_timeout_ms: 60_000 }]) {
    const parsed = webhooksConfigSchema.safeParse(slice);
    assert.is(parsed.success, false, JSON.stringify(slice));
    assert.equal(parsed.error?.issues.map((issue) => issue.path.join('.')), ['lease_ms']);
  }
  assert.ok(webhooksConfigSchema.safeParse({ lease_ms: 20_000, request_timeout_ms: 15_000 }).success);
});

test.run();
