import type { Actor } from '../../kernel/contract/context.js';
import { AppError, RateLimitedError } from '../../kernel/errors/index.js';
import type { ErrorObject } from '../../kernel/errors/index.js';
import { parseIp } from '../../kernel/net/ip-address.js';
import type { Authenticator } from '../../ports/authenticator.js';
import { TokenBucketLimiter } from './rate-limit.js';

/** 429 for an address whose failed authentications used up its allowance; the pointer names the credential. */
export class FailedAuthThrottledError extends RateLimitedError {
  constructor(seconds: number) {
    super(seconds, `Too many failed authentications from this address; retry after ${seconds} s.`);
  }

  override toObjects(): ErrorObject[] {
    const [first, ...others] = super.toObjects();
    return [{ ...first!, source: { header: 'Authorization' } }, ...others];
  }
}

/**
 * The bucket an address counts against: an IPv4 address (also in its
 * IPv4-mapped IPv6 form), or an IPv6 address's /64, which one client
 * usually holds whole (so walking through it does not buy new allowances).
 */
export function throttledAddress(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed) return ip;
  if (parsed.family === 4) return `v4:${parsed.value}`;
  if (parsed.value >> 32n === 0xffffn) return `v4:${parsed.value & 0xffffffffn}`;
  return `v6:${parsed.value >> 64n}`;
}

/**
 * The Authenticator as the edge hands it out: failed authentications (401,
 * an unknown, malformed or revoked key) are throttled per client address
 * with a token bucket of `perMinute` failures, refilled continuously. While
 * an address has no failure left, every key it presents is refused with 429
 * and Retry-After before any lookup — a valid one too, since telling valid
 * from invalid is the lookup an attacker wants — until a token is back
 * (60 / perMinute seconds). A success spends nothing, so a client with valid
 * keys is never slowed by its own traffic. Process-local, like the rate limit.
 */
export class FailedAuthThrottle implements Authenticator {
  readonly #failures: TokenBucketLimiter;

  constructor(
    private readonly inner: Authenticator,
    perMinute: number,
    nowMs: () => number,
  ) {
    this.#failures = new TokenBucketLimiter(perMinute, nowMs);
  }

  async authenticate(apiKey: string, ip: string): Promise<Actor> {
    const address = throttledAddress(ip);
    const wait = this.#failures.secondsUntilToken(address);
    if (wait > 0) throw new FailedAuthThrottledError(wait);
    try {
      return await this.inner.authenticate(apiKey, ip);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) this.#failures.spend(address);
      throw error;
    }
  }
}
