import { GraphQLError } from 'graphql';
import type { Actor } from '../../kernel/contract/context.js';
import { RateLimitedError } from '../../kernel/errors/index.js';
import { rateKey, TokenBucketLimiter } from '../edge/rate-limit.js';

/** The spec's GraphQL request limits per minute. */
export const GRAPHQL_RATE_LIMITS = { guest: 30, authenticated: 120 } as const;

/**
 * Guests are counted per client address, authenticated callers per API key,
 * each in its own token bucket (the REST limiter, reused): a minute's
 * allowance may be spent as a burst, then it refills steadily.
 */
export class GraphqlRateLimits {
  private readonly guest: TokenBucketLimiter;
  private readonly authenticated: TokenBucketLimiter;

  /** `enabled: false` only for benchmarks measuring the server rather than the limits. */
  constructor(nowMs: () => number, enabled = true) {
    this.guest = new TokenBucketLimiter(enabled ? GRAPHQL_RATE_LIMITS.guest : 0, nowMs);
    this.authenticated = new TokenBucketLimiter(enabled ? GRAPHQL_RATE_LIMITS.authenticated : 0, nowMs);
  }

  /** Takes one request, or returns the error naming the limit and the seconds to wait. */
  take(actor: Actor, ip: string): { error: GraphQLError; retryAfter: number } | undefined {
    const guest = actor.kind === 'anonymous';
    try {
      if (guest) this.guest.take(`ip:${ip}`);
      else this.authenticated.take(rateKey(actor));
      return undefined;
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      const limit = guest ? GRAPHQL_RATE_LIMITS.guest : GRAPHQL_RATE_LIMITS.authenticated;
      const who = guest ? 'guest' : 'authenticated';
      return {
        retryAfter: error.retryAfterSeconds,
        error: new GraphQLError(
          `GraphQL rate limit exceeded: ${limit} requests per minute for ${who} callers; retry after ${error.retryAfterSeconds} s.`,
          { extensions: { code: 'rate_limited', limit: `${who}_requests_per_minute`, maximum: limit, retry_after: error.retryAfterSeconds } },
        ),
      };
    }
  }
}
