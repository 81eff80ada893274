import { inject, injectable } from 'inversify';
import type { TeamQuotas, Tx } from '../../../kernel/public.js';
import { TIER_LIMITS } from '../domain/tiers.js';
import { TenantRepository } from '../ports.js';

/** TeamQuotas for tenants: their plan's account cap; every other team is not limited by this module. */
@injectable()
export class TenantQuotas implements TeamQuotas {
  constructor(@inject(TenantRepository) private readonly tenants: TenantRepository) {}

  async maxAccounts(tx: Tx, teamId: string): Promise<number | undefined> {
    const tenant = await this.tenants.findByTeam(tx, teamId);
    return tenant ? TIER_LIMITS[tenant.plan].tenantMaxAccounts : undefined;
  }
}
