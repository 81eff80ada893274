import type { DeliveryRecord, WebhookRecord } from '../ports.js';

/**
 * A new outbox row: `body` for event `event` to `webhook`, due at once and
 * never attempted. The fan-out and the test delivery both queue through it,
 * so the dispatcher sees one shape of pending row.
 */
export function pendingDelivery(
  id: string,
  webhook: Pick<WebhookRecord, 'id' | 'teamId'>,
  event: { readonly id: string; readonly type: string },
  body: string,
  now: Date,
): DeliveryRecord {
  return {
    id,
    teamId: webhook.teamId,
    webhookId: webhook.id,
    eventId: event.id,
    eventType: event.type,
    body,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastStatusCode: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
  };
}
