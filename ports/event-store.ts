import type { StoredEvent } from '../kernel/contract/event.js';
import { token } from '../kernel/contract/token.js';

/** Read side of the append-only event store (writes go through Tx.append). */
export interface EventStore {
  /** Position of the newest committed event, 0n when empty. */
  head(): Promise<bigint>;
  /** Committed events with position > `after`, oldest first; only those of `types` when given. */
  readAfter(after: bigint, limit: number, types?: readonly string[]): Promise<StoredEvent[]>;
  /** One team's events of one aggregate, oldest first (audit trail). */
  forAggregate(teamId: string, aggregateType: string, aggregateId: string): Promise<StoredEvent[]>;
}
export const EventStore = token<EventStore>('kernel.event-store');
