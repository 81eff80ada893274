import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { parseEventSelection } from '../domain/subscription.js';
import type { UpdateWebhookInput, WebhookView, WebhookWithSecretView } from '../operations.js';
import { WebhookRepository, type WebhookRecord } from '../ports.js';
import { CancelDeliveries } from './cancel-deliveries.js';
import { description, flag, requireWebhook, secret } from './inputs.js';
import { KnownEvents } from './known-events.js';
import { UrlPolicy } from './url-policy.js';
import { webhookView, webhookWithSecret } from './views.js';

/**
 * PATCH /webhooks/{id}: changes url, events, description, active or the
 * secret (shown once in this response when set). Re-activating clears the
 * failure record; deactivating cancels pending deliveries (each recorded
 * in the history).
 */
@injectable()
export class UpdateWebhookOperation implements Operation<UpdateWebhookInput, WebhookView | WebhookWithSecretView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(CancelDeliveries) private readonly cancel: CancelDeliveries,
    @inject(UrlPolicy) private readonly urls: UrlPolicy,
    @inject(KnownEvents) private readonly known: KnownEvents,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: UpdateWebhookInput, ctx: RequestContext): Promise<WebhookView | WebhookWithSecretView> {
    const events = input.events === undefined ? undefined : parseEventSelection(input.events, this.known.names());
    const text = input.description === undefined ? undefined : description(input.description);
    const newSecret = input.secret === undefined ? undefined : secret(input.secret);
    const active = input.active === undefined ? undefined : flag(input.active, '/active');
    const url = input.url === undefined ? undefined : await this.urls.check(input.url);
    const updated = await this.uow.run(async (tx) => {
      const current = await requireWebhook(this.webhooks, tx, ctx.actor.teamId, input.id, 'lock');
      const now = this.clock.now();
      const next: WebhookRecord = {
        ...current,
        url: url ?? current.url,
        events: events ?? current.events,
        description: text === undefined ? current.description : text,
        secret: newSecret ?? current.secret,
        // A secret set by PATCH replaces the old one at once (no overlap: that is a rotation, /key-management/keys).
        ...(newSecret === undefined ? {} : { previousSecret: null, previousSecretUntil: null, secretRotatedAt: now }),
        active: active ?? current.active,
        disabledReason: active === true ? null : active === false && current.active ? 'disabled by the owner' : current.disabledReason,
        failingSince: active === true && !current.active ? null : current.failingSince,
        updatedAt: now,
      };
      await this.webhooks.update(tx, next);
      if (active === false && current.active) await this.cancel.pending(tx, next, 'disabled by the owner', now);
      return next;
    });
    return newSecret === undefined ? webhookView(updated) : webhookWithSecret(updated);
  }
}
