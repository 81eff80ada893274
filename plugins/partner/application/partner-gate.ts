import { inject, injectable } from 'inversify';
import {
  AppError,
  Clock,
  ForbiddenError,
  ipAllowed,
  UnitOfWork,
  type Actor,
  type CallGate,
  type GatedCall,
} from '../../../kernel/public.js';
import { burstOf, isPartnerCall, moduleAllowed } from '../domain/call-rules.js';
import { isWellFormedPartnerKey } from '../domain/partner-key.js';
import type { Environment, PartnerRecord } from '../domain/partner.js';
import type { TenantRecord } from '../domain/tenant.js';
import { TIER_LIMITS } from '../domain/tiers.js';
import { TokenBuckets } from '../domain/token-bucket.js';
import { featureEnabled, type WhitelabelRecord } from '../domain/whitelabel.js';
import { PartnerRepository, TenantRepository, WhitelabelRepository } from '../ports.js';
import { PartnerKeys } from './partner-keys.js';

const MAX_REMEMBERED_OUTSIDERS = 100_000;

const missingKey = () =>
  new AppError(401, 'partner_key_missing', 'Unauthenticated', 'Partner calls need "X-Partner-Key: <fpk_ key>" as well as the bearer key.', { header: 'X-Partner-Key' });
const invalidKey = () =>
  new AppError(403, 'partner_key_invalid', 'Forbidden', 'The X-Partner-Key is not a valid key of the bearer key’s partner.', { header: 'X-Partner-Key' });

interface Membership {
  readonly partner: PartnerRecord;
  /** Set when the caller's team is one of the partner's tenants. */
  readonly tenant?: TenantRecord;
  /** The partner's white-label configuration in force, read for tenants (their feature switches). */
  readonly whitelabel?: WhitelabelRecord;
}

/**
 * The CallGate: every authenticated call whose key belongs to a partner's
 * team (its live team, or one of its tenants) is checked here after the
 * bearer key is authenticated, on REST and GraphQL alike. The partner's
 * status, allow-list and limits are read from the store on every call, so a
 * suspension or revocation refuses the very next request in every process.
 *
 * - partner calls (/v2/partner/…, /v1/partner/sdk/generate) need
 *   X-Partner-Key: missing 401, another partner's or an old one 403;
 * - a suspended or revoked partner: 403 for its users and tenants;
 * - the partner's users: ip_whitelist (403 ip_not_allowed) and its token
 *   bucket (429 with Retry-After); its tenants: their plan's bucket;
 * - a module the partner did not enable: 403 module_not_enabled; for a
 *   tenant, a module its partner's white-label features switch off: 403
 *   feature_disabled (by the route's module, so no module needs code for it);
 * - the sandbox key runs the call as the partner's sandbox team.
 * Callers that belong to no partner pass untouched (one indexed read the
 * first time their team is seen, none after).
 */
@injectable()
export class PartnerGate implements CallGate {
  readonly #buckets: TokenBuckets;
  /**
   * Teams known to belong to no partner. A partner's and a tenant's teams are
   * created with their partner or tenant row, in one unit of work, before any
   * key of theirs exists; a team seen without one never gains one, so this
   * process-local memory is right in every process and spares ordinary
   * callers the lookup. Bounded: cleared when full.
   */
  readonly #outsiders = new Set<string>();

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(TenantRepository) private readonly tenants: TenantRepository,
    @inject(WhitelabelRepository) private readonly whitelabels: WhitelabelRepository,
    @inject(PartnerKeys) private readonly keys: PartnerKeys,
    @inject(Clock) private readonly clock: Clock,
  ) {
    this.#buckets = new TokenBuckets(() => this.clock.now().getTime());
  }

  admit(call: GatedCall): Promise<Actor> {
    return this.#judge(call, 'request');
  }

  async check(call: GatedCall): Promise<void> {
    await this.#judge(call, 'operation');
  }

  /** A whole request takes a rate token and may switch to the sandbox team; one GraphQL field's operation does neither. */
  async #judge(call: GatedCall, scope: 'request' | 'operation'): Promise<Actor> {
    const { actor } = call;
    const partnerCall = isPartnerCall(call.route);
    const membership = actor.kind === 'user' ? await this.#membership(actor.teamId) : undefined;
    if (!membership) {
      if (partnerCall && call.partnerKey === undefined) throw missingKey();
      if (partnerCall || call.partnerKey !== undefined) throw invalidKey();
      return actor;
    }
    const { partner, tenant } = membership;
    if (partner.status !== 'active') {
      throw new ForbiddenError(`This partner is ${partner.status}; its keys are refused.`, partner.status === 'revoked' ? 'partner_revoked' : 'partner_suspended');
    }
    if (!moduleAllowed(partner, call.module)) {
      throw new ForbiddenError(`The '${call.module}' module is not enabled for this partner.`, 'module_not_enabled');
    }
    if (tenant) {
      if (!featureEnabled(membership.whitelabel, call.module)) {
        throw new ForbiddenError(`The '${call.module}' feature is disabled by this tenant's partner.`, 'feature_disabled');
      }
      return this.#admitTenant(call, tenant, partnerCall, scope);
    }

    if (!ipAllowed(partner.ipWhitelist, call.ip)) throw new ForbiddenError(`This partner's keys may not be used from ${call.ip}.`, 'ip_not_allowed');
    if (scope === 'request') this.#buckets.take(`partner:${partner.id}`, partner.requestsPerMinute, partner.burst);
    if (call.partnerKey === undefined) {
      if (partnerCall) throw missingKey();
      return actor;
    }
    const environment = await this.#environmentOfKey(call.partnerKey, partner);
    if (environment === 'live' || scope === 'operation') return actor;
    if (partner.sandboxTestedAt === null) await this.uow.run((tx) => this.partners.markSandboxTested(tx, partner.id, this.clock.now()));
    return { ...actor, teamId: partner.sandboxTeamId };
  }

  /** A tenant's keys: no partner calls, no partner key, the plan's rate. */
  #admitTenant(call: GatedCall, tenant: TenantRecord, partnerCall: boolean, scope: 'request' | 'operation'): Actor {
    if (partnerCall) throw new ForbiddenError('Partner calls need a key of the partner’s own users, not a tenant’s.', 'not_a_partner_user');
    if (call.partnerKey !== undefined) throw invalidKey();
    if (scope === 'operation') return call.actor;
    const perMinute = TIER_LIMITS[tenant.plan].tenantRequestsPerMinute;
    this.#buckets.take(`tenant:${tenant.id}`, perMinute, burstOf(perMinute));
    return call.actor;
  }

  async #environmentOfKey(key: string, partner: PartnerRecord): Promise<Environment> {
    if (!isWellFormedPartnerKey(key)) throw invalidKey();
    const hash = this.keys.hash(key);
    if (hash === partner.liveKeyHash) return 'live';
    if (hash === partner.sandboxKeyHash) return 'sandbox';
    throw invalidKey();
  }

  async #membership(teamId: string): Promise<Membership | undefined> {
    if (this.#outsiders.has(teamId)) return undefined;
    const found = await this.#lookUp(teamId);
    if (found === 'outsider') {
      if (this.#outsiders.size >= MAX_REMEMBERED_OUTSIDERS) this.#outsiders.clear();
      this.#outsiders.add(teamId);
      return undefined;
    }
    return found;
  }

  #lookUp(teamId: string): Promise<Membership | 'outsider' | undefined> {
    return this.uow.readOnly(async (tx) => {
      const tenant = await this.tenants.findByTeam(tx, teamId);
      if (tenant) {
        const partner = await this.partners.findById(tx, tenant.partnerId);
        const whitelabel = partner && (await this.whitelabels.find(tx, partner.id));
        return partner && { partner, tenant, ...(whitelabel ? { whitelabel } : {}) };
      }
      const partner = await this.partners.findByTeam(tx, teamId);
      if (!partner) return 'outsider';
      // The sandbox team has no users of its own: only the live team's keys reach here as the partner.
      return partner.teamId === teamId ? { partner } : undefined;
    });
  }
}
