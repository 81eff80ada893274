import { inject, injectable } from 'inversify';
import { BusinessRuleError, Clock, Ids, type SubscriptionRequest, type Tx, type WebhookSubscriptions } from '../../../kernel/public.js';
import { WebhooksConfig } from '../config.js';
import { ALL_EVENTS } from '../domain/event-catalogue.js';
import { WebhookRepository, type WebhookRecord } from '../ports.js';
import { description, secret } from './inputs.js';
import { UrlPolicy } from './url-policy.js';

/**
 * WebhookSubscriptions for other modules (partner onboarding): the same
 * checks and row as POST /webhooks, every event selected, inside the
 * caller's unit of work.
 */
@injectable()
export class SubscriptionsForOthers implements WebhookSubscriptions {
  constructor(
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(UrlPolicy) private readonly urls: UrlPolicy,
    @inject(WebhooksConfig) private readonly config: WebhooksConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  checkUrl(url: string): Promise<string> {
    return this.urls.check(url);
  }

  async subscribe(tx: Tx, request: SubscriptionRequest): Promise<{ readonly id: string }> {
    if ((await this.webhooks.count(tx, request.teamId)) >= this.config.max_webhooks_per_team) {
      throw new BusinessRuleError('webhook_limit_reached', `A team may have at most ${this.config.max_webhooks_per_team} webhooks.`);
    }
    const now = this.clock.now();
    const webhook: WebhookRecord = {
      id: this.ids.uuid(),
      teamId: request.teamId,
      url: request.url,
      events: [ALL_EVENTS],
      description: description(request.description),
      secret: secret(request.secret),
      previousSecret: null,
      previousSecretUntil: null,
      secretRotatedAt: null,
      active: true,
      disabledReason: null,
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.webhooks.insert(tx, webhook);
    return { id: webhook.id };
  }

  count(tx: Tx, teamId: string): Promise<number> {
    return this.webhooks.count(tx, teamId);
  }
}
