import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { WebhookIdInput } from '../operations.js';
import { DeliveryRepository, WebhookRepository } from '../ports.js';
import { requireWebhook } from './inputs.js';

/**
 * DELETE /webhooks/{id}: removes the subscription with its deliveries and
 * their history (nothing can read them any more: the webhook answers 404).
 * A send in flight finds its delivery gone and records nothing.
 */
@injectable()
export class DeleteWebhookOperation implements Operation<WebhookIdInput, { id: string; deleted: true }> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
  ) {}

  async execute(input: WebhookIdInput, ctx: RequestContext): Promise<{ id: string; deleted: true }> {
    await this.uow.run(async (tx) => {
      const webhook = await requireWebhook(this.webhooks, tx, ctx.actor.teamId, input.id, 'lock');
      await this.deliveries.removeForWebhook(tx, webhook.teamId, webhook.id);
      await this.webhooks.remove(tx, webhook.teamId, webhook.id);
    });
    return { id: input.id, deleted: true };
  }
}
