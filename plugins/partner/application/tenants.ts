import { inject, injectable } from 'inversify';
import {
  AppError,
  BusinessRuleError,
  Clock,
  Ids,
  Page,
  TeamProvisioning,
  UnitOfWork,
  ValidationError,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { normaliseDomain, type TenantRecord } from '../domain/tenant.js';
import { TIER_LIMITS } from '../domain/tiers.js';
import { TenantProvisioned } from '../events.js';
import type { CreatedTenantView, CreateTenantInput, ListTenantsInput, TenantView } from '../operations-tenants.js';
import { PartnerRepository, TenantRepository } from '../ports.js';
import { ownPartner } from './own-partner.js';

const domainTaken = (domain: string) => ValidationError.field('/domain', `'${domain}' is already a tenant's domain`, 'domain_taken');

export function tenantView(tenant: TenantRecord): TenantView {
  return {
    id: tenant.id,
    name: tenant.name,
    plan: tenant.plan,
    domain: tenant.domain,
    status: tenant.status,
    environment: tenant.environment,
    team_id: tenant.teamId,
    created_at: tenant.createdAt.toISOString(),
  };
}

/**
 * POST /v2/partner/tenants: the tenant's team with an admin user
 * (admin@<domain>) and its key, the tenant row and its event, in one unit of
 * work, in the environment the partner key selected.
 */
@injectable()
export class CreateTenantOperation implements Operation<CreateTenantInput, CreatedTenantView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(TenantRepository) private readonly tenants: TenantRepository,
    @inject(TeamProvisioning) private readonly teams: TeamProvisioning,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: CreateTenantInput, ctx: RequestContext): Promise<CreatedTenantView> {
    const domain = normaliseDomain(input.domain);
    if (!domain) throw ValidationError.field('/domain', `'${input.domain}' is not a DNS name such as shop.example`, 'invalid_domain');
    return this.uow.run(async (tx) => {
      const { partner, environment } = await ownPartner(this.partners, tx, ctx.actor.teamId);
      const limit = TIER_LIMITS[partner.tier].maxTenants;
      if ((await this.tenants.countByOwner(tx, ctx.actor.teamId)) >= limit) {
        throw new BusinessRuleError('tenant_limit_reached', `The ${partner.tier} tier allows ${limit} tenants per environment.`);
      }
      if (await this.tenants.findByDomain(tx, domain)) throw domainTaken(domain);
      const team = await this.teams
        .provision(tx, { teamName: input.name, admin: { name: `${input.name} admin`, email: `admin@${domain}` } })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'email_taken') throw domainTaken(domain);
          throw error;
        });
      const tenant: TenantRecord = {
        id: this.ids.uuid(),
        partnerId: partner.id,
        environment,
        ownerTeamId: ctx.actor.teamId,
        teamId: team.teamId,
        name: input.name,
        plan: input.plan,
        domain,
        status: 'active',
        createdAt: this.clock.now(),
      };
      await this.tenants.insert(tx, tenant).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'domain_taken') throw domainTaken(domain);
        throw error;
      });
      const view = tenantView(tenant);
      await tx.append([{ type: TenantProvisioned.name, teamId: ctx.actor.teamId, aggregateType: 'partner_tenant', aggregateId: tenant.id, payload: view }]);
      return { ...view, api_key: team.admin!.apiKey };
    });
  }
}

/** GET /v2/partner/tenants: the tenants of the environment the partner key selected. */
@injectable()
export class ListTenantsOperation implements Operation<ListTenantsInput, Page<TenantView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(TenantRepository) private readonly tenants: TenantRepository,
  ) {}

  async execute(input: ListTenantsInput, ctx: RequestContext): Promise<Page<TenantView>> {
    const request = { page: input.page, perPage: input.per_page };
    return this.uow.run(async (tx) => {
      await ownPartner(this.partners, tx, ctx.actor.teamId);
      const slice = await this.tenants.listByOwner(tx, ctx.actor.teamId, request);
      return new Page(slice.items.map(tenantView), request.page, request.perPage, slice.total);
    });
  }
}
