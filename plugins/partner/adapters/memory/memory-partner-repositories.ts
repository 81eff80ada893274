import { injectable } from 'inversify';
import { ConflictError, pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { PartnerRecord, PartnerStatus } from '../../domain/partner.js';
import type { TenantRecord } from '../../domain/tenant.js';
import type { PartnerRepository, TenantRepository } from '../../ports.js';

/** Partners in a Map in insertion order; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryPartnerRepository implements PartnerRepository {
  readonly #rows = new Map<string, PartnerRecord>();
  /** Live and sandbox team ids to the partner id: the gate looks a caller's team up on every call. */
  readonly #byTeam = new Map<string, string>();

  async insert(tx: Tx, partner: PartnerRecord): Promise<void> {
    if (this.#rows.has(partner.id)) throw new ConflictError(`Partner '${partner.id}' already exists.`);
    putUndoable(tx, this.#rows, partner.id, partner);
    putUndoable(tx, this.#byTeam, partner.teamId, partner.id);
    putUndoable(tx, this.#byTeam, partner.sandboxTeamId, partner.id);
  }

  async findById(_tx: Tx, id: string): Promise<PartnerRecord | undefined> {
    return this.#rows.get(id);
  }

  async findByTeam(_tx: Tx, teamId: string): Promise<PartnerRecord | undefined> {
    const id = this.#byTeam.get(teamId);
    return id === undefined ? undefined : this.#rows.get(id);
  }

  async list(_tx: Tx, page: PageRequest): Promise<Slice<PartnerRecord>> {
    const all = [...this.#rows.values()];
    const start = pageOffset(page);
    return { items: all.slice(start, start + page.perPage), total: all.length };
  }

  async setStatus(tx: Tx, id: string, status: PartnerStatus, at: Date): Promise<PartnerRecord | undefined> {
    return this.#change(tx, id, { status, updatedAt: at });
  }

  async replaceKeys(
    tx: Tx,
    id: string,
    keys: Pick<PartnerRecord, 'liveKeyHash' | 'liveKeyPrefix' | 'sandboxKeyHash' | 'sandboxKeyPrefix'>,
    at: Date,
  ): Promise<PartnerRecord | undefined> {
    return this.#change(tx, id, { ...keys, keysRotatedAt: at, updatedAt: at });
  }

  async markSandboxTested(tx: Tx, id: string, at: Date): Promise<void> {
    const partner = this.#rows.get(id);
    if (partner && partner.sandboxTestedAt === null) putUndoable(tx, this.#rows, id, { ...partner, sandboxTestedAt: at });
  }

  async markSdkGenerated(tx: Tx, id: string, at: Date): Promise<void> {
    const partner = this.#rows.get(id);
    if (partner && partner.sdkGeneratedAt === null) putUndoable(tx, this.#rows, id, { ...partner, sdkGeneratedAt: at });
  }

  #change(tx: Tx, id: string, change: Partial<PartnerRecord>): PartnerRecord | undefined {
    const partner = this.#rows.get(id);
    if (!partner) return undefined;
    const changed = { ...partner, ...change };
    putUndoable(tx, this.#rows, id, changed);
    return changed;
  }
}

@injectable()
export class MemoryTenantRepository implements TenantRepository {
  readonly #rows = new Map<string, TenantRecord>();
  readonly #byDomain = new Map<string, string>();
  readonly #byTeam = new Map<string, string>();

  async insert(tx: Tx, tenant: TenantRecord): Promise<void> {
    if (this.#byDomain.has(tenant.domain)) throw new ConflictError(`A tenant with domain '${tenant.domain}' already exists.`, 'domain_taken');
    putUndoable(tx, this.#rows, tenant.id, tenant);
    putUndoable(tx, this.#byDomain, tenant.domain, tenant.id);
    putUndoable(tx, this.#byTeam, tenant.teamId, tenant.id);
  }

  async listByOwner(_tx: Tx, ownerTeamId: string, page: PageRequest): Promise<Slice<TenantRecord>> {
    const owned = [...this.#rows.values()].filter((one) => one.ownerTeamId === ownerTeamId);
    const start = pageOffset(page);
    return { items: owned.slice(start, start + page.perPage), total: owned.length };
  }

  async countByOwner(_tx: Tx, ownerTeamId: string): Promise<number> {
    return [...this.#rows.values()].filter((one) => one.ownerTeamId === ownerTeamId).length;
  }

  async findByTeam(_tx: Tx, teamId: string): Promise<TenantRecord | undefined> {
    const id = this.#byTeam.get(teamId);
    return id === undefined ? undefined : this.#rows.get(id);
  }

  async findByDomain(_tx: Tx, domain: string): Promise<TenantRecord | undefined> {
    const id = this.#byDomain.get(domain);
    return id === undefined ? undefined : this.#rows.get(id);
  }
}
