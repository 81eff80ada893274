import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceBusyError } from '../../kernel/errors/index.js';
import { storeUnavailableError } from './connection-errors.js';
import { isRetryable, isStoreFailure } from './retry.js';

const stateError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

test('a failure of the store is 503 store_unavailable with Retry-After 1; the request’s own errors pass untouched', () => {
  for (const failure of [stateError('57P01'), stateError('08006'), stateError('53300'), stateError('40P01'), Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect')]) {
    const mapped = storeUnavailableError(failure);
    assert.instance(mapped, ServiceBusyError, failure.message);
    assert.equal([mapped!.status, mapped!.code, mapped!.retryAfterSeconds], [503, 'store_unavailable', 1]);
  }
  for (const own of [stateError('23505'), stateError('22P02'), new Error('boom')]) assert.is(storeUnavailableError(own), undefined, own.message);
});

test('the mapped error keeps the store’s error as its cause, so background callers still see a store failure to retry', () => {
  const mapped = storeUnavailableError(stateError('40001'))!;
  assert.ok(isStoreFailure(mapped), 'the event backbone retries a store failure instead of parking the event');
  assert.ok(isRetryable(mapped));
});

test.run();
