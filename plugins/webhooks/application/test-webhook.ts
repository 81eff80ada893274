import { inject, injectable } from 'inversify';
import { BusinessRuleError, Clock, Ids, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { TEST_EVENT } from '../domain/event-catalogue.js';
import type { TestDeliveryView, WebhookIdInput } from '../operations.js';
import { DeliveryRepository, WebhookRepository } from '../ports.js';
import { deliveryBody } from './delivery-body.js';
import { requireWebhook } from './inputs.js';
import { pendingDelivery } from './pending-delivery.js';

/**
 * POST /webhooks/{id}/test: queues a test.webhook delivery to this one
 * endpoint (through the normal dispatcher: same signing, retries and
 * history). The event is recorded in the store for audit under the same id
 * the receiver gets; the fan-out never sends test.webhook anywhere else.
 */
@injectable()
export class TestWebhookOperation implements Operation<WebhookIdInput, TestDeliveryView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: WebhookIdInput, ctx: RequestContext): Promise<TestDeliveryView> {
    return this.uow.run(async (tx) => {
      const webhook = await requireWebhook(this.webhooks, tx, ctx.actor.teamId, input.id);
      if (!webhook.active) throw new BusinessRuleError('webhook_disabled', 'The webhook is disabled; activate it first (PATCH active: true).');
      const now = this.clock.now();
      const event = {
        id: this.ids.uuid(),
        type: TEST_EVENT,
        occurredAt: now,
        payload: { webhook_id: webhook.id, message: 'This is a test delivery.' },
      };
      const deliveryId = this.ids.uuid();
      await this.deliveries.insert(tx, [pendingDelivery(deliveryId, webhook, event, deliveryBody(event), now)]);
      // The same id as the delivery's webhook-id, so the audit record and what the receiver saw match.
      await tx.append([{ id: event.id, type: TEST_EVENT, teamId: webhook.teamId, aggregateType: 'webhook', aggregateId: webhook.id, payload: event.payload }]);
      return { delivery_id: deliveryId, event_id: event.id, event_type: TEST_EVENT, status: 'pending' } as const;
    });
  }
}
