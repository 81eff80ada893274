import { inject, injectable } from 'inversify';
import { Clock, EventBackbone, Ids, token, type ConsumerDefinition, type StoredEvent, type Tx } from '../../../kernel/public.js';
import { selects } from '../domain/subscription.js';
import { DeliveryRepository, WebhookRepository, type DeliveryRecord, type WebhookRecord } from '../ports.js';
import { deliveryBody } from './delivery-body.js';
import { KnownEvents } from './known-events.js';
import { pendingDelivery } from './pending-delivery.js';

export const FAN_OUT_GROUP = 'webhooks.fan-out';

/**
 * The webhooks' consumer group (the outbox writer): for each committed event
 * it inserts one pending delivery per active subscription of the event's own
 * team that selects it and existed when the event occurred (the store stamps
 * occurred_at with the same Clock port that stamps created_at). Rows commit with
 * the group's checkpoint, so each event fans out exactly once even with
 * several processes and crashes; the HTTP work happens later, outside any
 * API transaction. A batch of events is one INSERT, and its commit wakes the
 * dispatchers of this process and (PostgreSQL) of the others at once.
 */
@injectable()
export class WebhookFanOut implements ConsumerDefinition {
  readonly group = FAN_OUT_GROUP;

  constructor(
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(KnownEvents) private readonly known: KnownEvents,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventBackbone) private readonly backbone: EventBackbone,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.teamId !== '' && this.known.delivers(event.type);
  }

  handle(tx: Tx, event: StoredEvent): Promise<void> {
    return this.handleBatch(tx, [event]);
  }

  async handleBatch(tx: Tx, events: readonly StoredEvent[]): Promise<void> {
    const now = this.clock.now();
    const rows: DeliveryRecord[] = [];
    for (const event of events) {
      const subscribers = (await this.#activeOf(tx, event.teamId)).filter(
        (webhook) => webhook.teamId === event.teamId && selects(webhook.events, event.type) && webhook.createdAt <= event.occurredAt,
      );
      if (subscribers.length === 0) continue;
      const body = deliveryBody(event);
      for (const webhook of subscribers) rows.push(pendingDelivery(this.ids.uuid(), webhook, event, body, now));
    }
    if (rows.length === 0) return;
    await this.deliveries.insert(tx, rows);
    // Any process's dispatcher may send them: wake them all rather than wait for their poll.
    tx.afterCommit(() => this.backbone.wakeWorkers({ everywhere: true }));
  }

  /**
   * A team's active subscriptions, read once per unit of work: a batch of
   * events then costs one query per team, not one per event. Keyed by the
   * transaction, so the next batch reads afresh.
   */
  #activeOf(tx: Tx, teamId: string): Promise<WebhookRecord[]> {
    let perTeam = this.#cache.get(tx);
    if (!perTeam) {
      perTeam = new Map();
      this.#cache.set(tx, perTeam);
    }
    let active = perTeam.get(teamId);
    if (!active) {
      active = this.webhooks.active(tx, teamId);
      perTeam.set(teamId, active);
    }
    return active;
  }

  readonly #cache = new WeakMap<Tx, Map<string, Promise<WebhookRecord[]>>>();
}

export const FanOut = token<WebhookFanOut>('webhooks.fan-out');
