import { inject, injectable } from 'inversify';
import { ConflictError, type Actor, type KeyInventory, type KeyInventoryEntry, type KeyStatus, type RotatedKey, type Tx } from '../../../kernel/public.js';
import { PARTNER_KEY_SCHEME } from '../domain/partner-key.js';
import { environmentOf, type Environment, type PartnerRecord, type PartnerStatus } from '../domain/partner.js';
import { PartnerRepository } from '../ports.js';

const STATUS: Record<PartnerStatus, KeyStatus> = { active: 'active', suspended: 'suspended', revoked: 'revoked' };

/**
 * A partner's keys in the key inventory (the KeyInventory port, read by
 * key-management): the live team sees its live and sandbox keys, the
 * sandbox team its sandbox key; ids are `<partner id>:live` and
 * `<partner id>:sandbox`; the fingerprint is the display prefix. The partner
 * does not rotate them here: rotation replaces both keys at once with no
 * overlap and is the operator's (POST /admin/partners/{id}/rotate-keys),
 * so a leaked write key of the partner's team cannot lock every
 * integration of the partner out (docs/key-management.md).
 */
@injectable()
export class PartnerKeyInventory implements KeyInventory {
  readonly kind = 'partner_key' as const;
  readonly module = 'partner';
  readonly maxOverlapSeconds = 0;

  constructor(@inject(PartnerRepository) private readonly partners: PartnerRepository) {}

  async list(tx: Tx, teamId: string): Promise<KeyInventoryEntry[]> {
    const partner = await this.partners.findByTeam(tx, teamId);
    if (!partner) return [];
    const environments: Environment[] = environmentOf(partner, teamId) === 'live' ? ['live', 'sandbox'] : ['sandbox'];
    return environments.map((environment) => this.#entry(partner, environment));
  }

  async find(tx: Tx, teamId: string, id: string): Promise<KeyInventoryEntry | undefined> {
    return (await this.list(tx, teamId)).find((entry) => entry.id === id);
  }

  async rotate(tx: Tx, actor: Actor, id: string): Promise<RotatedKey | undefined> {
    if (!(await this.find(tx, actor.teamId, id))) return undefined;
    throw new ConflictError('Partner keys are rotated by the operator (POST /api/v2/admin/partners/{id}/rotate-keys), both at once.', 'rotation_by_operator');
  }

  #entry(partner: PartnerRecord, environment: Environment): KeyInventoryEntry {
    return {
      kind: this.kind,
      id: `${partner.id}:${environment}`,
      label: `${partner.organizationName} (${environment})`,
      owner: null,
      status: STATUS[partner.status],
      fingerprint: `${PARTNER_KEY_SCHEME}${environment === 'live' ? partner.liveKeyPrefix : partner.sandboxKeyPrefix}`,
      createdAt: partner.createdAt,
      lastRotatedAt: partner.keysRotatedAt,
      expiresAt: null,
      overlapEndsAt: null,
      rotatable: false,
      custody: null,
    };
  }
}
