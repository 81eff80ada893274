import type { AttemptRecord, DeliveryRecord } from '../ports.js';

/** What one attempt (or cancellation) of a delivery came to; the rest of its history row comes from the delivery. */
export type AttemptResult = Pick<AttemptRecord, 'attempt' | 'statusCode' | 'durationMs' | 'error' | 'nextRetryAt' | 'state' | 'attemptedAt'>;

/** The delivery history row for `result`. */
export function attemptRow(id: string, delivery: DeliveryRecord, result: AttemptResult): AttemptRecord {
  return {
    id,
    teamId: delivery.teamId,
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    ...result,
  };
}
