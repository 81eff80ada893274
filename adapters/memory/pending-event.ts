import type { NewEvent, StoredEvent } from '../../kernel/contract/event.js';
import { frozenJsonCopy } from './json-copy.js';

/** An event stamped at append, waiting for its position (0 until commit gives it one). */
export interface PendingEvent extends Omit<StoredEvent, 'position'> {
  position: bigint;
}

/**
 * NewEvent carries no version, so every event is stored as version 1 until
 * the contract grows one. The payload goes through JSON's rules exactly as
 * the SQL store's JSONB column would (bigint throws, undefined fields
 * vanish), so tests on the memory store catch payloads that PostgreSQL would
 * reject; the copy is frozen, so the log can share it with its readers.
 */
export function toPendingEvent(event: NewEvent, id: string, occurredAt: Date): PendingEvent {
  return {
    id,
    type: event.type,
    version: 1,
    teamId: event.teamId,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: frozenJsonCopy(event.payload),
    occurredAt: new Date(occurredAt.getTime()),
    position: 0n,
  };
}
