import type { StoredEvent } from '../../kernel/contract/event.js';
import type { EventStore } from '../../ports/event-store.js';
import { jsonCopy, type PendingEvent } from './pending-event.js';

/**
 * The committed event log. Only the unit of work publishes into it, at
 * commit, so readers never see an event of an open or rolled-back
 * transaction. Positions are 1, 2, 3 … with no gaps (units of work are
 * serialised), which lets reads index the array directly.
 */
export class MemoryEventStore implements EventStore {
  #log: StoredEvent[] = [];

  publish(events: readonly PendingEvent[]): void {
    for (const event of events) {
      this.#log.push(Object.freeze({ ...event, position: BigInt(this.#log.length + 1) }));
    }
  }

  async head(): Promise<bigint> {
    return BigInt(this.#log.length);
  }

  async readAfter(after: bigint, limit: number): Promise<StoredEvent[]> {
    if (limit <= 0) return [];
    const start = after < 0n ? 0 : Number(after);
    return this.#log.slice(start, start + limit).map(copy);
  }

  async forAggregate(teamId: string, aggregateType: string, aggregateId: string): Promise<StoredEvent[]> {
    return this.#log
      .filter((e) => e.teamId === teamId && e.aggregateType === aggregateType && e.aggregateId === aggregateId)
      .map(copy);
  }

  clear(): void {
    this.#log = [];
  }
}

/** Readers get their own copies, as rows from SQL would be. */
function copy(event: StoredEvent): StoredEvent {
  return { ...event, payload: jsonCopy(event.payload), occurredAt: new Date(event.occurredAt.getTime()) };
}
