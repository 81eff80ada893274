import { ServiceBusyError } from '../../kernel/errors/index.js';
import { isStoreFailure } from './retry.js';

/**
 * The store failed rather than the request (retry.ts's isStoreFailure):
 * PostgreSQL restarting or shut down, its connection lost, cut or refused,
 * the pool unable to connect in time, its resources exhausted, or a
 * deadlock that outlived the unit of work's retries. The same request may
 * succeed a second later, so the client gets 503 `store_unavailable` with
 * Retry-After, not a 500 (found by `npm run chaos`: docs/reliability.md). A
 * write whose connection was lost may or may not have committed; the detail
 * says to retry under the same Idempotency-Key, which replays it if it did.
 */
export function storeUnavailableError(error: unknown): ServiceBusyError | undefined {
  if (!isStoreFailure(error)) return undefined;
  const unavailable = new ServiceBusyError(
    1,
    'The database cannot serve this request for the moment. Retry in a second; a write sent with an Idempotency-Key is applied at most once, so retry it under the same key.',
    'store_unavailable',
  );
  // The store's own error stays the cause: background callers (the event backbone, via isStoreFailure) still see a store failure to retry.
  return Object.assign(unavailable, { cause: error });
}
