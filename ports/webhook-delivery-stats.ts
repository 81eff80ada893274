import { token } from '../kernel/contract/token.js';

/** How a team's (or the whole service's) webhook deliveries stand. */
export interface WebhookDeliveryLag {
  /** Deliveries waiting to be sent or retried. */
  readonly pending: number;
  /** When the oldest of them was queued; null when none waits. */
  readonly oldestPendingAt: Date | null;
  /** Attempts that failed (to be retried, or given up) at or after `since`. */
  readonly failedAttempts: number;
  /** Endpoints in a run of failures (no 2xx since their last failure), disabled ones included. */
  readonly failingEndpoints: number;
}

/**
 * Webhook delivery figures for the live dashboard (provided by the webhooks
 * plugin, read optionally: without webhooks the dashboard shows none). With
 * `teamId`, only that team's endpoints and deliveries; without, the whole
 * service. Every read is served by an index on either scope.
 */
export interface WebhookDeliveryStats {
  lag(since: Date, teamId?: string): Promise<WebhookDeliveryLag>;
}
export const WebhookDeliveryStats = token<WebhookDeliveryStats>('webhooks.delivery-stats');
