import type { NewEvent, StoredEvent } from '../../kernel/contract/event.js';

/** An event stamped at append, waiting for its position at commit. */
export type PendingEvent = Omit<StoredEvent, 'position'>;

/**
 * NewEvent carries no version, so every event is stored as version 1 until
 * the contract grows one. The payload goes through JSON exactly as the SQL
 * store's JSONB column would (bigint throws, undefined fields vanish), so
 * tests on the memory store catch payloads that PostgreSQL would reject.
 */
export function toPendingEvent(event: NewEvent, id: string, occurredAt: Date): PendingEvent {
  return {
    id,
    type: event.type,
    version: 1,
    teamId: event.teamId,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: jsonCopy(event.payload),
    occurredAt: new Date(occurredAt.getTime()),
  };
}

export function jsonCopy<T>(value: T): T {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('value is not JSON-serialisable');
  return JSON.parse(text) as T;
}
