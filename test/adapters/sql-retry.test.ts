import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { isRetryable, sqlStateOf, withRetry } from '../../adapters/sql/retry.js';
import { recordingLogger } from './quiet-logger.js';

const test = suite('sql unit of work: retry policy');
const fast = { maxAttempts: 4, baseDelayMs: 0 };
const pgError = (code: string) => Object.assign(new Error(code), { code });

test('serialization failures and deadlocks are retryable, other SQLSTATEs are not', () => {
  assert.ok(isRetryable(pgError('40001')));
  assert.ok(isRetryable(pgError('40P01')));
  assert.not.ok(isRetryable(pgError('23505')));
  assert.not.ok(isRetryable(new Error('plain')));
  assert.not.ok(isRetryable({ code: 'ECONNRESET' }));
  // Wrapped errors keep their cause.
  assert.is(sqlStateOf(new Error('wrapped', { cause: pgError('40P01') })), '40P01');
});

test('retries until success and logs each retry with its SQLSTATE', async () => {
  const logger = recordingLogger();
  let calls = 0;
  const result = await withRetry(fast, logger, async (n) => {
    calls++;
    if (n < 3) throw pgError(n === 1 ? '40001' : '40P01');
    return 'ok';
  });
  assert.is(result, 'ok');
  assert.is(calls, 3);
  assert.equal(
    logger.entries.map((e) => [e.level, e.fields?.sqlState, e.fields?.attempt]),
    [
      ['warn', '40001', 1],
      ['warn', '40P01', 2],
    ],
  );
});

test('gives up after maxAttempts with the last error', async () => {
  const logger = recordingLogger();
  let calls = 0;
  const error = await withRetry(fast, logger, async () => {
    calls++;
    throw pgError('40001');
  }).catch((e: unknown) => e);
  assert.is((error as { code: string }).code, '40001');
  assert.is(calls, 4);
  assert.is(logger.entries.length, 3);
});

test('does not retry other errors', async () => {
  let calls = 0;
  const boom = pgError('23505');
  const error = await withRetry(fast, recordingLogger(), async () => {
    calls++;
    throw boom;
  }).catch((e: unknown) => e);
  assert.is(error, boom);
  assert.is(calls, 1);
});

test.run();
