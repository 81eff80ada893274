import type { AttemptRecord, DeliveryRecord, WebhookRecord } from '../ports.js';
import type { DeliveryAttemptView, DeliveryView, WebhookView, WebhookWithSecretView } from '../operations.js';

export function webhookView(webhook: WebhookRecord): WebhookView {
  return {
    id: webhook.id,
    url: webhook.url,
    events: [...webhook.events],
    description: webhook.description,
    active: webhook.active,
    status: webhook.active ? 'active' : 'disabled',
    disabled_reason: webhook.disabledReason,
    failing_since: webhook.failingSince?.toISOString() ?? null,
    created_at: webhook.createdAt.toISOString(),
    updated_at: webhook.updatedAt.toISOString(),
  };
}

export function webhookWithSecret(webhook: WebhookRecord): WebhookWithSecretView {
  return { ...webhookView(webhook), secret: webhook.secret };
}

export function attemptView(attempt: AttemptRecord): DeliveryAttemptView {
  return {
    id: attempt.id,
    delivery_id: attempt.deliveryId,
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    attempt: attempt.attempt,
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    next_retry_at: attempt.nextRetryAt?.toISOString() ?? null,
    state: attempt.state,
    attempted_at: attempt.attemptedAt.toISOString(),
  };
}

export function deliveryView(delivery: DeliveryRecord): DeliveryView {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
  };
}
