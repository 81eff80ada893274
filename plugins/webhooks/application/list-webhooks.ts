import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { Page, pageRequest } from '../../../kernel/contract/page.js';
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
    const page = pageRequest(input.page, input.per_page);
    const slice = await this.uow.run((tx) => this.webhooks.list(tx, ctx.actor.teamId, page));
    return new Page(slice.items.map(webhookView), page.page, page.perPage, slice.total);
  }
}
