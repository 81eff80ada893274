import { RateLimitedError } from '../../../kernel/public.js';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets with a refill rate and a separate capacity (the burst), one
 * per key, kept in process memory like the edge's per-key limiter: each
 * process counts on its own (docs/partner.md). The limits are read on every
 * call, so a changed limit applies at once.
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    private readonly nowMs: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one token, or throws RateLimitedError (429, Retry-After) with the seconds until one is back. */
  take(key: string, perMinute: number, burst: number): void {
    const perMs = perMinute / 60_000;
    const now = this.nowMs();
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.maxKeys) this.#buckets.clear();
      bucket = { tokens: burst, at: now };
      this.#buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
      bucket.at = now;
    }
    if (bucket.tokens < 1) {
      const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      throw new RateLimitedError(seconds, `The partner's rate limit (${perMinute} requests per minute, burst ${burst}) is spent; retry after ${seconds} s.`);
    }
    bucket.tokens -= 1;
  }
}
