import type { EventType } from '../kernel/contract/event.js';
import { token } from '../kernel/contract/token.js';

export interface RegisteredEvent {
  readonly plugin: string;
  readonly type: EventType<unknown>;
}

/** Every event type of the enabled plugins and the kernel, by name (read side; the kernel fills it at boot). */
export interface EventRegistry {
  find(name: string): RegisteredEvent | undefined;
  /** By name. */
  list(): RegisteredEvent[];
}
export const EventRegistry = token<EventRegistry>('kernel.event-registry');
