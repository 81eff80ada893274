import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { WebhookIdInput, WebhookView } from '../operations.js';
import { WebhookRepository } from '../ports.js';
import { requireWebhook } from './inputs.js';
import { webhookView } from './views.js';

/** GET /webhooks/{id}: one webhook of the caller's team (never its secret). */
@injectable()
export class GetWebhookOperation implements Operation<WebhookIdInput, WebhookView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
  ) {}

  async execute(input: WebhookIdInput, ctx: RequestContext): Promise<WebhookView> {
    return webhookView(await this.uow.run((tx) => requireWebhook(this.webhooks, tx, ctx.actor.teamId, input.id)));
  }
}
