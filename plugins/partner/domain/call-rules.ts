import { ALWAYS_ON_MODULES } from './modules.js';
import type { PartnerRecord } from './partner.js';

/**
 * Routes that are partner calls: X-Partner-Key is required on them (401
 * without it). `/api/v2/partner/…` and the version 1 SDK generation; the
 * onboarding route is the operator's.
 */
export function isPartnerCall(route: string | undefined): boolean {
  if (route === undefined) return false;
  const path = route.slice(route.indexOf(' ') + 1);
  return path.startsWith('/api/v2/partner/') || path === '/api/v1/partner/sdk/generate';
}

/** Whether a partner's teams may use a module's routes: the modules chosen at onboarding, and those every team needs. */
export function moduleAllowed(partner: PartnerRecord, module: string | undefined): boolean {
  return module === undefined || ALWAYS_ON_MODULES.includes(module) || partner.modules.includes(module);
}

/** Ten seconds' worth of a rate, at least one: the burst of a tenant's plan. */
export function burstOf(perMinute: number): number {
  return Math.max(1, Math.ceil(perMinute / 6));
}
