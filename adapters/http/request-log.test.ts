import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { capturedLogger } from '../../test/adapters/captured-log.js';
import { call, HEALTHY, startFixture } from './http-test-kit.js';

const test = suite('http: what a handler logs carries the request id');

test('a line logged while a request is handled carries its X-Request-Id', async () => {
  const { logger, lines } = capturedLogger();
  const f = await startFixture({
    health: async () => {
      await Promise.resolve();
      logger.warn('probe');
      return HEALTHY;
    },
  });
  try {
    const res = await call(f, 'GET', '/api/health', { headers: { 'x-request-id': 'req-from-client' } });
    assert.is(res.status, 200);
    assert.is(lines.length, 1);
    assert.is(lines[0]!.message, 'probe');
    assert.is(lines[0]!.requestId, 'req-from-client');
  } finally {
    await f.close();
  }
});

test.run();
