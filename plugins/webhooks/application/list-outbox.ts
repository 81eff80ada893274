import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, ValidationError, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import { DeliveryStatus, type DeliveryView, type OutboxInput } from '../operations.js';
import { DeliveryRepository, WebhookRepository } from '../ports.js';
import { requireWebhook } from './inputs.js';
import { deliveryView } from './views.js';

/**
 * GET /webhooks/{id}/outbox: one row per event sent or to be sent to this
 * webhook, newest first, with where it stands (pending, also when never
 * attempted yet; succeeded, failed, cancelled). The attempts behind each
 * are in /deliveries.
 */
@injectable()
export class ListOutboxOperation implements Operation<OutboxInput, Page<DeliveryView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
  ) {}

  async execute(input: OutboxInput, ctx: RequestContext): Promise<Page<DeliveryView>> {
    // REST's query schema checks it too; GraphQL and the CLI reach this with any string (which would list nothing).
    if (input.status !== undefined && !DeliveryStatus.options.includes(input.status)) {
      throw new ValidationError([{ parameter: 'status', detail: `status must be one of ${DeliveryStatus.options.join(', ')}` }]);
    }
    return listPage(this.uow, pageRequest(input.page, input.per_page), deliveryView, async (tx, page) => {
      await requireWebhook(this.webhooks, tx, ctx.actor.teamId, input.id);
      return this.deliveries.list(tx, ctx.actor.teamId, input.id, input.status, page);
    });
  }
}
