import type { StoredEvent } from '../../../kernel/public.js';

/** The body every attempt sends, byte for byte: {id, event_type, created_at, data}. */
export function deliveryBody(event: Pick<StoredEvent, 'id' | 'type' | 'occurredAt' | 'payload'>): string {
  return JSON.stringify({ id: event.id, event_type: event.type, created_at: event.occurredAt.toISOString(), data: event.payload });
}
