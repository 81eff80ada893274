import { inject, injectable } from 'inversify';
import { Ids, type Tx } from '../../../kernel/public.js';
import { attemptRow } from './attempt-row.js';
import { DeliveryRepository, type AttemptRecord, type DeliveryRecord } from '../ports.js';

/**
 * Cancels deliveries and says so in the history: each cancelled delivery
 * gets an attempt row with state `cancelled` (its `attempt` is the number of
 * attempts made before, 0 if it was never sent), so an owner sees what
 * became of every event, sent or not.
 */
@injectable()
export class CancelDeliveries {
  constructor(
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  /** Every pending delivery of the webhook (disabled by its owner or by the dispatcher). */
  async pending(tx: Tx, webhook: { readonly teamId: string; readonly id: string }, reason: string, at: Date): Promise<number> {
    const cancelled = await this.deliveries.cancelPending(tx, webhook.teamId, webhook.id, at, reason);
    await this.deliveries.insertAttempts(tx, cancelled.map((delivery) => this.historyRow(delivery, reason, at)));
    return cancelled.length;
  }

  /** The history row of one cancelled delivery. */
  historyRow(delivery: DeliveryRecord, reason: string, at: Date): AttemptRecord {
    return attemptRow(this.ids.uuid(), delivery, {
      attempt: delivery.attempts,
      statusCode: null,
      durationMs: 0,
      error: reason,
      nextRetryAt: null,
      state: 'cancelled',
      attemptedAt: at,
    });
  }

}
