import { inject, injectable } from 'inversify';
import { BusinessRuleError, Clock, Ids, Random, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { WebhooksConfig } from '../config.js';
import { parseEventSelection } from '../domain/subscription.js';
import type { CreateWebhookInput, WebhookWithSecretView } from '../operations.js';
import { WebhookRepository, type WebhookRecord } from '../ports.js';
import { description, flag, secret } from './inputs.js';
import { KnownEvents } from './known-events.js';
import { generateSecret } from './signer.js';
import { UrlPolicy } from './url-policy.js';
import { webhookWithSecret } from './views.js';

/** POST /webhooks: subscribes a URL to event types; the secret is generated when absent and shown only here. */
@injectable()
export class CreateWebhookOperation implements Operation<CreateWebhookInput, WebhookWithSecretView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(UrlPolicy) private readonly urls: UrlPolicy,
    @inject(KnownEvents) private readonly known: KnownEvents,
    @inject(WebhooksConfig) private readonly config: WebhooksConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(Random) private readonly random: Random,
  ) {}

  async execute(input: CreateWebhookInput, ctx: RequestContext): Promise<WebhookWithSecretView> {
    const events = parseEventSelection(input.events, this.known.names());
    const text = description(input.description);
    const chosen = input.secret === undefined ? generateSecret(this.random.bytes(32)) : secret(input.secret);
    const active = input.active === undefined ? true : flag(input.active, '/active');
    const url = await this.urls.check(input.url);
    const now = this.clock.now();
    const webhook: WebhookRecord = {
      id: this.ids.uuid(),
      teamId: ctx.actor.teamId,
      url,
      events,
      description: text,
      secret: chosen,
      previousSecret: null,
      previousSecretUntil: null,
      secretRotatedAt: null,
      active,
      disabledReason: active ? null : 'disabled by the owner',
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.uow.run(async (tx) => {
      if ((await this.webhooks.count(tx, ctx.actor.teamId)) >= this.config.max_webhooks_per_team) {
        throw new BusinessRuleError('webhook_limit_reached', `A team may have at most ${this.config.max_webhooks_per_team} webhooks.`);
      }
      await this.webhooks.insert(tx, webhook);
    });
    return webhookWithSecret(webhook);
  }
}
