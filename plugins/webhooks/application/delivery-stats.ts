import { inject, injectable } from 'inversify';
import { UnitOfWork, type WebhookDeliveryLag, type WebhookDeliveryStats } from '../../../kernel/public.js';
import { DeliveryRepository, WebhookRepository } from '../ports.js';

/**
 * The WebhookDeliveryStats port this plugin provides to the live dashboard:
 * the delivery backlog and recent failures of one team, or of the service.
 */
@injectable()
export class DeliveryStats implements WebhookDeliveryStats {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
  ) {}

  lag(since: Date, teamId?: string): Promise<WebhookDeliveryLag> {
    return this.unitOfWork.readOnly(async (tx) => {
      const backlog = await this.deliveries.backlog(tx, since, teamId);
      return { ...backlog, failingEndpoints: await this.webhooks.countFailing(tx, teamId) };
    });
  }
}
