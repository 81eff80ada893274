import type { Tx } from './unit-of-work.js';
import { token } from '../kernel/contract/token.js';

export interface SubscriptionRequest {
  readonly teamId: string;
  /** As returned by `checkUrl`. */
  readonly url: string;
  /** The signing secret (x-service-signature); the caller shows it once. */
  readonly secret: string;
  readonly description: string;
}

/**
 * Webhook subscriptions made on a team's behalf by another module (partner
 * onboarding's webhook_url), provided by webhooks. The subscription selects
 * every event (`*`) and is then the team's own, managed with /webhooks.
 */
export interface WebhookSubscriptions {
  /** The subscription-time URL policy (https, public addresses); ValidationError at pointer /url otherwise. */
  checkUrl(url: string): Promise<string>;
  subscribe(tx: Tx, request: SubscriptionRequest): Promise<{ readonly id: string }>;
  /** How many subscriptions the team has (active or not). */
  count(tx: Tx, teamId: string): Promise<number>;
}
export const WebhookSubscriptions = token<WebhookSubscriptions>('webhooks.subscriptions');
