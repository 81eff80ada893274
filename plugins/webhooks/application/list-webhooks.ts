import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { listPage, type Page, pageRequest } from '../../../kernel/contract/page.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
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
