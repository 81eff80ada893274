import type { StoredEvent } from '../kernel/contract/event.js';
import { token } from '../kernel/contract/token.js';

/**
 * Live committed events for short-lived listeners (GraphQL subscriptions,
 * dashboards): delivered in position order from the moment of subscribing.
 * Durable consumers with checkpoints (webhooks, projectors) use the event
 * backbone instead.
 */
export interface EventStream {
  subscribe(listener: (event: StoredEvent) => void, options?: SubscribeOptions): () => void;
}

export interface SubscribeOptions {
  /**
   * Receive events at the stream's poll (`workflows.pollIntervalMs`) rather
   * than as they commit: a lazy listener does not make every commit of this
   * process read the log (a cache invalidated by rare events, not a socket).
   */
  readonly lazy?: boolean;
  /**
   * Receive only events of these types. While every listener of a process
   * names its types, the stream reads only those from the store, not every
   * payload committed.
   */
  readonly types?: readonly string[];
}
export const EventStream = token<EventStream>('kernel.event-stream');
