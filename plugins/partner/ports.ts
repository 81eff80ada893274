import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { PartnerRecord, PartnerStatus } from './domain/partner.js';
import type { TenantRecord } from './domain/tenant.js';
import type { WhitelabelRecord } from './domain/whitelabel.js';
import type { SdkPackageRecord } from './domain/sdk-package.js';

/**
 * The partner module's private repositories, one implementation per store
 * family, both held to adapters/repository.contract.ts. Lookups by team are
 * not scoped by a caller's team: they are how the module finds out which
 * partner a caller belongs to (the gate then compares the X-Partner-Key's
 * digest with the partner's own).
 */
export interface PartnerRepository {
  insert(tx: Tx, partner: PartnerRecord): Promise<void>;
  findById(tx: Tx, id: string): Promise<PartnerRecord | undefined>;
  /** The partner whose live or sandbox team this is. */
  findByTeam(tx: Tx, teamId: string): Promise<PartnerRecord | undefined>;
  /** Every partner, oldest first (operators). */
  list(tx: Tx, page: PageRequest): Promise<Slice<PartnerRecord>>;
  setStatus(tx: Tx, id: string, status: PartnerStatus, at: Date): Promise<PartnerRecord | undefined>;
  /** Replaces both keys' digests and prefixes and records when (keys_rotated_at). */
  replaceKeys(tx: Tx, id: string, keys: Pick<PartnerRecord, 'liveKeyHash' | 'liveKeyPrefix' | 'sandboxKeyHash' | 'sandboxKeyPrefix'>, at: Date): Promise<PartnerRecord | undefined>;
  /** Sets sandbox_tested_at once (the first sandbox call); later calls write nothing. */
  markSandboxTested(tx: Tx, id: string, at: Date): Promise<void>;
  /** Sets sdk_generated_at once (the first generation). */
  markSdkGenerated(tx: Tx, id: string, at: Date): Promise<void>;
}
export const PartnerRepository = token<PartnerRepository>('partner.partner-repository');

export interface TenantRepository {
  /** Throws ConflictError 'domain_taken' when another tenant has the domain. */
  insert(tx: Tx, tenant: TenantRecord): Promise<void>;
  /** The tenants of one partner environment (its live or sandbox team), oldest first. */
  listByOwner(tx: Tx, ownerTeamId: string, page: PageRequest): Promise<Slice<TenantRecord>>;
  countByOwner(tx: Tx, ownerTeamId: string): Promise<number>;
  /** The tenant whose own team this is. */
  findByTeam(tx: Tx, teamId: string): Promise<TenantRecord | undefined>;
  findByDomain(tx: Tx, domain: string): Promise<TenantRecord | undefined>;
}
export const TenantRepository = token<TenantRepository>('partner.tenant-repository');

export interface WhitelabelRepository {
  /** Throws ConflictError when the version is already published (two publishes at once: one wins). */
  insert(tx: Tx, config: WhitelabelRecord): Promise<void>;
  /** The newest version, or the given one. */
  find(tx: Tx, partnerId: string, version?: number): Promise<WhitelabelRecord | undefined>;
}
export const WhitelabelRepository = token<WhitelabelRepository>('partner.whitelabel-repository');

export interface SdkPackageRepository {
  insert(tx: Tx, packages: readonly SdkPackageRecord[]): Promise<void>;
  /** One package of the partner (another partner's id is not found). */
  find(tx: Tx, partnerId: string, id: string): Promise<SdkPackageRecord | undefined>;
}
export const SdkPackageRepository = token<SdkPackageRepository>('partner.sdk-package-repository');
