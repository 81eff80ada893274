import type { StoredEvent } from '../../kernel/contract/event.js';
import type { EventStore } from '../../ports/event-store.js';
import type { PendingEvent } from './pending-event.js';

/**
 * The committed event log. Only the unit of work publishes into it, at
 * commit, so readers never see an event of an open or rolled-back
 * transaction. Positions are 1, 2, 3 … with no gaps (units of work are
 * serialised), which lets reads index the array directly.
 */
export class MemoryEventStore implements EventStore {
  #log: StoredEvent[] = [];

  /**
   * Takes the events of a committed unit of work, which nothing else holds
   * any more, as they are: the log's own objects are never handed out (every
   * read copies), and their payloads arrive frozen (toPendingEvent), shared
   * with the readers.
   */
  publish(events: readonly PendingEvent[]): void {
    for (const event of events) {
      event.position = BigInt(this.#log.length + 1);
      this.#log.push(event);
    }
  }

  async head(): Promise<bigint> {
    return BigInt(this.#log.length);
  }

  async readAfter(after: bigint, limit: number, types?: readonly string[]): Promise<StoredEvent[]> {
    if (limit <= 0) return [];
    const start = after < 0n ? 0 : Number(after);
    if (!types) return this.#log.slice(start, start + limit).map(copy);
    const found: StoredEvent[] = [];
    for (let index = start; index < this.#log.length && found.length < limit; index++) {
      if (types.includes(this.#log[index]!.type)) found.push(copy(this.#log[index]!));
    }
    return found;
  }

  /** One event by position (a copy), for re-drives. */
  eventAt(position: bigint): StoredEvent | undefined {
    const event = position > 0n ? this.#log[Number(position) - 1] : undefined;
    return event && copy(event);
  }

  /** Per-type counts of the events after `after` (only team `teamId`'s when given), read in place (no copy of the log). */
  countAfter(after: bigint, teamId?: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (let i = after < 0n ? 0 : Number(after); i < this.#log.length; i++) {
      const event = this.#log[i]!;
      if (teamId === undefined || event.teamId === teamId) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    }
    return counts;
  }

  /** The first event after `after` (of team `teamId` when given), a copy. */
  firstAfter(after: bigint, teamId?: string): StoredEvent | undefined {
    for (let i = after < 0n ? 0 : Number(after); i < this.#log.length; i++) {
      const event = this.#log[i]!;
      if (teamId === undefined || event.teamId === teamId) return copy(event);
    }
    return undefined;
  }

  /** Position of the team's newest event, 0n before any. */
  teamHead(teamId: string): bigint {
    for (let i = this.#log.length - 1; i >= 0; i--) if (this.#log[i]!.teamId === teamId) return this.#log[i]!.position;
    return 0n;
  }

  /**
   * Per-type counts of events stamped at or after `since`. The log is in
   * commit order and units of work run one at a time, so occurredAt only
   * grows along it (with a clock that does not go back): the scan runs from
   * the end and stops at the first older event.
   */
  countSince(since: Date, teamId?: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (let i = this.#log.length - 1; i >= 0 && this.#log[i]!.occurredAt >= since; i--) {
      const event = this.#log[i]!;
      if (teamId === undefined || event.teamId === teamId) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    }
    return counts;
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

/**
 * Readers get their own event objects, as rows from SQL would be; the payload
 * (the store's own JSON copy, made and frozen at append) is shared, so a
 * reader that tries to change it fails loudly instead of changing the log,
 * and a busy log's readers (the live event tail) do not copy every payload.
 */
function copy(event: StoredEvent): StoredEvent {
  return { ...event, occurredAt: new Date(event.occurredAt.getTime()) };
}
