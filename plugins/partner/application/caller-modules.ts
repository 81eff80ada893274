import { inject, injectable } from 'inversify';
import { EnabledModules, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { ALWAYS_ON_MODULES } from '../domain/modules.js';
import { featureEnabled } from '../domain/whitelabel.js';
import type { EmptyInput, ModuleAccessView } from '../operations.js';
import { PartnerRepository, TenantRepository, WhitelabelRepository } from '../ports.js';

/**
 * The GraphQL `plugin` domain's question: which of the service's modules
 * (built-in and partner plugins alike) the caller's key may use, and why
 * not — the same rules the gate enforces on every call.
 */
@injectable()
export class ListCallerModulesOperation implements Operation<EmptyInput, ModuleAccessView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(TenantRepository) private readonly tenants: TenantRepository,
    @inject(WhitelabelRepository) private readonly whitelabels: WhitelabelRepository,
    @inject(EnabledModules) private readonly enabled: EnabledModules,
  ) {}

  async execute(_input: EmptyInput, ctx: RequestContext): Promise<ModuleAccessView[]> {
    return this.uow.run(async (tx) => {
      const tenant = await this.tenants.findByTeam(tx, ctx.actor.teamId);
      const partner = tenant ? await this.partners.findById(tx, tenant.partnerId) : await this.partners.findByTeam(tx, ctx.actor.teamId);
      const whitelabel = tenant && partner ? await this.whitelabels.find(tx, partner.id) : undefined;
      return this.enabled.names().map((name): ModuleAccessView => {
        if (ALWAYS_ON_MODULES.includes(name)) return { name, enabled: true, reason: 'always_on' };
        if (partner && !partner.modules.includes(name)) return { name, enabled: false, reason: 'module_not_enabled' };
        if (tenant && !featureEnabled(whitelabel, name)) return { name, enabled: false, reason: 'feature_disabled' };
        return { name, enabled: true, reason: 'enabled' };
      });
    });
  }
}
