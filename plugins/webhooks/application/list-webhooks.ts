import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { PageInput, WebhookView } from '../operations.js';
import { WebhookRepository } from '../ports.js';
import { webhookView } from './views.js';

/** GET /webhooks: the caller's team's webhooks, oldest first, without secrets. */
@injectable()
export class ListWebhooksOperation implements Operation<PageInput, Page<WebhookView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
  ) {}

  async execute(input: PageInput, ctx: RequestContext): Promise<Page<WebhookView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), webhookView, (tx, page) => this.webhooks.list(tx, ctx.actor.teamId, page));
  }
}
