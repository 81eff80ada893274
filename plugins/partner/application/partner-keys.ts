import { inject, injectable } from 'inversify';
import { Random, TeamProvisioning } from '../../../kernel/public.js';
import { formatPartnerKey, PARTNER_KEY_RANDOM_BYTES, partnerKeyPrefix } from '../domain/partner-key.js';
import type { PartnerRecord } from '../domain/partner.js';

export interface PartnerKeyPair {
  /** Plain keys: return them once, never store or log them. */
  readonly live: string;
  readonly sandbox: string;
  readonly stored: Pick<PartnerRecord, 'liveKeyHash' | 'liveKeyPrefix' | 'sandboxKeyHash' | 'sandboxKeyPrefix'>;
}

/** Makes a partner's live and sandbox keys; only identity's digest of each is stored. */
@injectable()
export class PartnerKeys {
  constructor(
    @inject(Random) private readonly random: Random,
    @inject(TeamProvisioning) private readonly teams: TeamProvisioning,
  ) {}

  pair(): PartnerKeyPair {
    const live = formatPartnerKey(this.random.bytes(PARTNER_KEY_RANDOM_BYTES));
    const sandbox = formatPartnerKey(this.random.bytes(PARTNER_KEY_RANDOM_BYTES));
    return {
      live,
      sandbox,
      stored: { liveKeyHash: this.hash(live), liveKeyPrefix: partnerKeyPrefix(live), sandboxKeyHash: this.hash(sandbox), sandboxKeyPrefix: partnerKeyPrefix(sandbox) },
    };
  }

  hash(key: string): string {
    return this.teams.hashSecret(key);
  }
}
