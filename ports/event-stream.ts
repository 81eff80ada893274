import type { StoredEvent } from '../kernel/contract/event.js';
import { token } from '../kernel/contract/token.js';

/**
 * Live committed events for short-lived listeners (GraphQL subscriptions,
 * dashboards): delivered in position order from the moment of subscribing.
 * Durable consumers with checkpoints (webhooks, projectors) use the event
 * backbone instead.
 */
export interface EventStream {
  subscribe(listener: (event: StoredEvent) => void): () => void;
}
export const EventStream = token<EventStream>('kernel.event-stream');
