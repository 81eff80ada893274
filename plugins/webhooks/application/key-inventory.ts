import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Clock, MAX_PER_PAGE, Random, type Actor, type KeyInventory, type KeyInventoryEntry, type KeyRotationRequest, type RotatedKey, type Tx } from '../../../kernel/public.js';
import { WebhookRepository, type WebhookRecord } from '../ports.js';
import { generateSecret, overlappingSecret } from './signer.js';

/** How long a replaced secret may keep signing: a day, time enough for a receiver to deploy the new one. */
const MAX_OVERLAP_SECONDS = 24 * 60 * 60;

/**
 * Each webhook endpoint's signing secret in the key inventory (the
 * KeyInventory port, read by key-management): the endpoint's URL and the
 * SHA-256 of its secret, never the secret. A rotation generates a new
 * secret (32 random bytes, `whsec_`); during the overlap deliveries carry
 * signatures of both, after it only the new one's. Rotating again during an
 * overlap drops the oldest secret at once: only two ever sign.
 */
@injectable()
export class WebhookSecretInventory implements KeyInventory {
  readonly kind = 'webhook_secret' as const;
  readonly module = 'webhooks';
  readonly maxOverlapSeconds = MAX_OVERLAP_SECONDS;

  constructor(
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(Random) private readonly random: Random,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async list(tx: Tx, teamId: string): Promise<KeyInventoryEntry[]> {
    const now = this.clock.now();
    const entries: KeyInventoryEntry[] = [];
    for (let page = 1; ; page++) {
      const slice = await this.webhooks.list(tx, teamId, { page, perPage: MAX_PER_PAGE });
      entries.push(...slice.items.map((webhook) => this.#entry(webhook, now)));
      if (entries.length >= slice.total || slice.items.length === 0) return entries;
    }
  }

  async find(tx: Tx, teamId: string, id: string): Promise<KeyInventoryEntry | undefined> {
    const webhook = await this.webhooks.find(tx, teamId, id);
    return webhook && this.#entry(webhook, this.clock.now());
  }

  async rotate(tx: Tx, actor: Actor, id: string, request: KeyRotationRequest): Promise<RotatedKey | undefined> {
    const current = await this.webhooks.findForUpdate(tx, actor.teamId, id);
    if (!current) return undefined;
    const now = this.clock.now();
    const until = new Date(now.getTime() + request.overlapSeconds * 1000);
    const overlapping = request.overlapSeconds > 0;
    const next: WebhookRecord = {
      ...current,
      secret: generateSecret(this.random.bytes(32)),
      previousSecret: overlapping ? current.secret : null,
      previousSecretUntil: overlapping ? until : null,
      secretRotatedAt: now,
      updatedAt: now,
    };
    await this.webhooks.update(tx, next);
    return { entry: this.#entry(next, now), secret: next.secret, previousValidUntil: until };
  }

  #entry(webhook: WebhookRecord, now: Date): KeyInventoryEntry {
    const overlapping = overlappingSecret(webhook, now) !== undefined;
    return {
      kind: this.kind,
      id: webhook.id,
      label: webhook.url,
      owner: null,
      status: overlapping ? 'rotating' : 'active',
      fingerprint: `sha256:${createHash('sha256').update(webhook.secret, 'utf8').digest('hex')}`,
      createdAt: webhook.createdAt,
      lastRotatedAt: webhook.secretRotatedAt,
      expiresAt: null,
      overlapEndsAt: overlapping ? webhook.previousSecretUntil : null,
      rotatable: true,
      custody: null,
    };
  }
}
