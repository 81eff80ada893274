import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { DeliveryAttemptView, PageInput, WebhookIdInput } from '../operations.js';
import { DeliveryRepository, WebhookRepository } from '../ports.js';
import { requireWebhook } from './inputs.js';
import { attemptView } from './views.js';

/** GET /webhooks/{id}/deliveries: every attempt, newest first, paginated. */
@injectable()
export class ListDeliveriesOperation implements Operation<WebhookIdInput & PageInput, Page<DeliveryAttemptView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
  ) {}

  async execute(input: WebhookIdInput & PageInput, ctx: RequestContext): Promise<Page<DeliveryAttemptView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), attemptView, async (tx, page) => {
      await requireWebhook(this.webhooks, tx, ctx.actor.teamId, input.id);
      return this.deliveries.attempts(tx, ctx.actor.teamId, input.id, page);
    });
  }
}
