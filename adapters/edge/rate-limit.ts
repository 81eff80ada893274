import type { Actor } from '../../kernel/contract/context.js';
import { RateLimitedError } from '../../kernel/errors/index.js';

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateDecision {
  readonly limit: number;
  readonly remaining: number;
}

/** One bucket per API key (or per user for key-less actors such as the system), over REST and GraphQL alike. */
export function rateKey(actor: Actor): string {
  return actor.apiKeyId !== '' ? `key:${actor.apiKeyId}` : `${actor.kind}:${actor.teamId}:${actor.userId}`;
}

/**
 * A process-local token bucket per key: holds up to `perMinute` tokens and
 * refills at `perMinute` per minute, so a full minute's allowance may be spent
 * as a burst. Each process counts on its own (documented in docs/http.md).
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly nowMs: () => number,
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /** Takes one token for `key`, or throws RateLimitedError with the seconds to wait. */
  take(key: string): RateDecision {
    if (!this.enabled) return { limit: 0, remaining: 0 };
    const now = this.nowMs();
    const bucket = this.refilled(key, now);
    if (bucket.tokens < 1) {
      const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
      throw new RateLimitedError(seconds, `Too many requests for this API key; retry after ${seconds} s.`);
    }
    bucket.tokens -= 1;
    return { limit: this.perMinute, remaining: Math.floor(bucket.tokens) };
  }

  /** Whole seconds until `key` has a token (0: it has one now); takes nothing. */
  secondsUntilToken(key: string): number {
    if (!this.enabled) return 0;
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = this.refilled(key, this.nowMs()).tokens;
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** Takes one token for `key` if it has one, without refusing: for counting what already happened (a failure). */
  spend(key: string): void {
    if (!this.enabled) return;
    const bucket = this.refilled(key, this.nowMs());
    bucket.tokens = Math.max(0, bucket.tokens - 1);
  }

  private refilled(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.dropFullBuckets(now);
      bucket = { tokens: this.perMinute, at: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + elapsed * this.perMs);
    bucket.at = now;
    return bucket;
  }

  /** A bucket that has refilled completely carries no state worth keeping. */
  private dropFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + Math.max(0, now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(key);
    }
  }
}
