import { injectable } from 'inversify';
import { sql } from 'kysely';
import { ConflictError, pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { Environment, PartnerRecord, PartnerStatus } from '../../domain/partner.js';
import type { TenantRecord } from '../../domain/tenant.js';
import type { Tier } from '../../domain/tiers.js';
import type { PartnerRepository, TenantRepository } from '../../ports.js';

const PARTNER_COLUMNS = sql.raw(
  'id, team_id, sandbox_team_id, organization_name, contact_email, admin_user_id, tier, modules, sdk_languages, ip_whitelist, ' +
    'requests_per_minute, burst, metadata, status, live_key_hash, live_key_prefix, sandbox_key_hash, sandbox_key_prefix, ' +
    'compliance_review, sandbox_tested_at, sdk_generated_at, keys_rotated_at, created_at, updated_at',
);

interface PartnerRow {
  readonly id: string;
  readonly team_id: string;
  readonly sandbox_team_id: string;
  readonly organization_name: string;
  readonly contact_email: string;
  readonly admin_user_id: string;
  readonly tier: Tier;
  readonly modules: unknown;
  readonly sdk_languages: unknown;
  readonly ip_whitelist: unknown;
  readonly requests_per_minute: number;
  readonly burst: number;
  readonly metadata: unknown;
  readonly status: PartnerStatus;
  readonly live_key_hash: string;
  readonly live_key_prefix: string;
  readonly sandbox_key_hash: string;
  readonly sandbox_key_prefix: string;
  readonly compliance_review: string;
  readonly sandbox_tested_at: unknown;
  readonly sdk_generated_at: unknown;
  readonly keys_rotated_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

function toPartner(row: PartnerRow): PartnerRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    sandboxTeamId: row.sandbox_team_id,
    organizationName: row.organization_name,
    contactEmail: row.contact_email,
    adminUserId: row.admin_user_id,
    tier: row.tier,
    modules: row.modules as string[],
    sdkLanguages: row.sdk_languages as string[],
    ipWhitelist: row.ip_whitelist as string[],
    requestsPerMinute: Number(row.requests_per_minute),
    burst: Number(row.burst),
    metadata: row.metadata as Record<string, unknown>,
    status: row.status,
    liveKeyHash: row.live_key_hash,
    liveKeyPrefix: row.live_key_prefix,
    sandboxKeyHash: row.sandbox_key_hash,
    sandboxKeyPrefix: row.sandbox_key_prefix,
    complianceReview: row.compliance_review,
    sandboxTestedAt: toDateOrNull(row.sandbox_tested_at),
    sdkGeneratedAt: toDateOrNull(row.sdk_generated_at),
    keysRotatedAt: toDateOrNull(row.keys_rotated_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Partners in partner_partners; every statement runs in the transaction it is given. */
@injectable()
export class SqlPartnerRepository implements PartnerRepository {
  async insert(tx: Tx, p: PartnerRecord): Promise<void> {
    await sql`
      insert into partner_partners (id, team_id, sandbox_team_id, organization_name, contact_email, admin_user_id, tier, modules,
        sdk_languages, ip_whitelist, requests_per_minute, burst, metadata, status, live_key_hash, live_key_prefix, sandbox_key_hash,
        sandbox_key_prefix, compliance_review, sandbox_tested_at, sdk_generated_at, keys_rotated_at, created_at, updated_at)
      values (${p.id}, ${p.teamId}, ${p.sandboxTeamId}, ${p.organizationName}, ${p.contactEmail}, ${p.adminUserId}, ${p.tier},
        ${json(p.modules)}, ${json(p.sdkLanguages)}, ${json(p.ipWhitelist)}, ${p.requestsPerMinute}, ${p.burst}, ${json(p.metadata)},
        ${p.status}, ${p.liveKeyHash}, ${p.liveKeyPrefix}, ${p.sandboxKeyHash}, ${p.sandboxKeyPrefix}, ${p.complianceReview},
        ${p.sandboxTestedAt}, ${p.sdkGeneratedAt}, ${p.keysRotatedAt}, ${p.createdAt}, ${p.updatedAt})`.execute(sqlTx(tx).db);
  }

  async findById(tx: Tx, id: string): Promise<PartnerRecord | undefined> {
    if (!isUuid(id)) return undefined;
    return this.#one(tx, sql`id = ${id}`);
  }

  async findByTeam(tx: Tx, teamId: string): Promise<PartnerRecord | undefined> {
    const { rows } = await sql<PartnerRow>`
      select ${PARTNER_COLUMNS} from partner_partners where team_id = ${teamId}
      union all
      select ${PARTNER_COLUMNS} from partner_partners where sandbox_team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toPartner(rows[0]);
  }

  async list(tx: Tx, page: PageRequest): Promise<Slice<PartnerRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<PartnerRow>`
      select ${PARTNER_COLUMNS} from partner_partners order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from partner_partners`.execute(db);
    return { items: rows.map(toPartner), total: toCount(count.rows[0]?.n) };
  }

  async setStatus(tx: Tx, id: string, status: PartnerStatus, at: Date): Promise<PartnerRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await sql<PartnerRow>`
      update partner_partners set status = ${status}, updated_at = ${at} where id = ${id} returning ${PARTNER_COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toPartner(rows[0]);
  }

  async replaceKeys(
    tx: Tx,
    id: string,
    keys: Pick<PartnerRecord, 'liveKeyHash' | 'liveKeyPrefix' | 'sandboxKeyHash' | 'sandboxKeyPrefix'>,
    at: Date,
  ): Promise<PartnerRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await sql<PartnerRow>`
      update partner_partners set live_key_hash = ${keys.liveKeyHash}, live_key_prefix = ${keys.liveKeyPrefix},
        sandbox_key_hash = ${keys.sandboxKeyHash}, sandbox_key_prefix = ${keys.sandboxKeyPrefix}, keys_rotated_at = ${at}, updated_at = ${at}
      where id = ${id} returning ${PARTNER_COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toPartner(rows[0]);
  }

  async markSandboxTested(tx: Tx, id: string, at: Date): Promise<void> {
    await sql`update partner_partners set sandbox_tested_at = ${at} where id = ${id} and sandbox_tested_at is null`.execute(sqlTx(tx).db);
  }

  async markSdkGenerated(tx: Tx, id: string, at: Date): Promise<void> {
    await sql`update partner_partners set sdk_generated_at = ${at} where id = ${id} and sdk_generated_at is null`.execute(sqlTx(tx).db);
  }

  async #one(tx: Tx, where: ReturnType<typeof sql>): Promise<PartnerRecord | undefined> {
    const { rows } = await sql<PartnerRow>`select ${PARTNER_COLUMNS} from partner_partners where ${where}`.execute(sqlTx(tx).db);
    return rows[0] && toPartner(rows[0]);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path id that is not a uuid names no row (and must not reach a uuid column as a cast error). */
function isUuid(id: string): boolean {
  return UUID.test(id);
}

const TENANT_COLUMNS = sql.raw('id, partner_id, environment, team_id, tenant_team_id, name, plan, domain, status, created_at');

interface TenantRow {
  readonly id: string;
  readonly partner_id: string;
  readonly environment: Environment;
  readonly team_id: string;
  readonly tenant_team_id: string;
  readonly name: string;
  readonly plan: Tier;
  readonly domain: string;
  readonly status: 'active';
  readonly created_at: unknown;
}

function toTenant(row: TenantRow): TenantRecord {
  return {
    id: row.id,
    partnerId: row.partner_id,
    environment: row.environment,
    ownerTeamId: row.team_id,
    teamId: row.tenant_team_id,
    name: row.name,
    plan: row.plan,
    domain: row.domain,
    status: row.status,
    createdAt: toDate(row.created_at),
  };
}

/** Tenants in partner_tenants: team_id is the owning partner team, tenant_team_id the tenant's own. */
@injectable()
export class SqlTenantRepository implements TenantRepository {
  async insert(tx: Tx, t: TenantRecord): Promise<void> {
    const { rows } = await sql<{ id: string }>`
      insert into partner_tenants (id, partner_id, environment, team_id, tenant_team_id, name, plan, domain, status, created_at)
      values (${t.id}, ${t.partnerId}, ${t.environment}, ${t.ownerTeamId}, ${t.teamId}, ${t.name}, ${t.plan}, ${t.domain}, ${t.status}, ${t.createdAt})
      on conflict (domain) do nothing returning id`.execute(sqlTx(tx).db);
    if (rows.length === 0) throw new ConflictError(`A tenant with domain '${t.domain}' already exists.`, 'domain_taken');
  }

  async listByOwner(tx: Tx, ownerTeamId: string, page: PageRequest): Promise<Slice<TenantRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<TenantRow>`
      select ${TENANT_COLUMNS} from partner_tenants where team_id = ${ownerTeamId}
      order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.map(toTenant), total: await this.countByOwner(tx, ownerTeamId) };
  }

  async countByOwner(tx: Tx, ownerTeamId: string): Promise<number> {
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from partner_tenants where team_id = ${ownerTeamId}`.execute(sqlTx(tx).db);
    return toCount(rows[0]?.n);
  }

  async findByTeam(tx: Tx, teamId: string): Promise<TenantRecord | undefined> {
    const { rows } = await sql<TenantRow>`select ${TENANT_COLUMNS} from partner_tenants where tenant_team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toTenant(rows[0]);
  }

  async findByDomain(tx: Tx, domain: string): Promise<TenantRecord | undefined> {
    const { rows } = await sql<TenantRow>`select ${TENANT_COLUMNS} from partner_tenants where domain = ${domain}`.execute(sqlTx(tx).db);
    return rows[0] && toTenant(rows[0]);
  }
}
