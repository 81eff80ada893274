import type { Logger } from '../../ports/logger.js';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the whole transaction back, so it is safe to run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

export interface RetryPolicy {
  /** Total attempts, the first included. */
  readonly maxAttempts: number;
  /** Backoff before retry n is about base × 2^(n-1), jittered ±50 %. */
  readonly baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 5 };

/** The SQLSTATE of a driver error, looking through `cause` (kysely and callers may wrap it). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * SQLSTATE classes of failures that belong to the database, not to the work:
 * connection exceptions (08), transaction rollbacks such as serialization
 * failures and deadlocks (40), insufficient resources (53) and operator
 * intervention such as a shutdown (57).
 */
const STORE_FAILURE_CLASSES = new Set(['08', '40', '53', '57']);
/** Socket failures the driver reports without a SQLSTATE. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Whether an error (or one it wraps) is the database's failure rather than the caller's. */
export function isStoreFailure(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state !== undefined) return STORE_FAILURE_CLASSES.has(state.slice(0, 2));
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    // node-postgres and its pool, without a code: the server closed the connection, a client that lost it, no connection in time.
    if (/^Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}

export function isRetryable(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or runs
 * out of attempts. Each attempt must be a whole transaction: the database
 * has already rolled back the failed one, so nothing of it survives.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  logger: Logger,
  attempt: (n: number) => Promise<T>,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= policy.maxAttempts || !isRetryable(error)) throw error;
      const delayMs = Math.round(policy.baseDelayMs * 2 ** (n - 1) * (0.5 + Math.random()));
      logger.warn('unit of work retried after a transient PostgreSQL conflict', {
        sqlState: sqlStateOf(error),
        attempt: n,
        maxAttempts: policy.maxAttempts,
        delayMs,
      });
      // A pause, not a correctness wait: it spreads out the retrying transactions.
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
