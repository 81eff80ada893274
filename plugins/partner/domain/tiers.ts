/**
 * The onboarding tiers, which are also the plans of a partner's tenants.
 * A tier sets the partner's request rate (a token bucket: `requestsPerMinute`
 * refill, `burst` capacity); a plan sets a tenant's rate and how many
 * tenants a partner may provision in each environment.
 */
export const TIERS = ['starter', 'growth', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierLimits {
  readonly requestsPerMinute: number;
  readonly burst: number;
  /** Tenants a partner of this tier may provision per environment (live, sandbox). */
  readonly maxTenants: number;
  /** A tenant on this plan: its own request rate. */
  readonly tenantRequestsPerMinute: number;
  /** A tenant on this plan: the accounts it may hold. */
  readonly tenantMaxAccounts: number;
}

export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  starter: { requestsPerMinute: 60, burst: 10, maxTenants: 3, tenantRequestsPerMinute: 30, tenantMaxAccounts: 5 },
  growth: { requestsPerMinute: 600, burst: 100, maxTenants: 25, tenantRequestsPerMinute: 300, tenantMaxAccounts: 100 },
  enterprise: { requestsPerMinute: 6000, burst: 1000, maxTenants: 1000, tenantRequestsPerMinute: 3000, tenantMaxAccounts: 10_000 },
};

export const MAX_RATE_LIMIT_OVERRIDE = 100_000;

export interface RateLimits {
  readonly requestsPerMinute: number;
  readonly burst: number;
}

/**
 * rate_limit_override replaces the tier's requests per minute; the burst is
 * then ten seconds' worth of it (at least one request), the tiers' own ratio.
 */
export function rateLimitsFor(tier: Tier, override: number | undefined): RateLimits {
  if (override === undefined) return { requestsPerMinute: TIER_LIMITS[tier].requestsPerMinute, burst: TIER_LIMITS[tier].burst };
  return { requestsPerMinute: override, burst: Math.max(1, Math.ceil(override / 6)) };
}
