import type { StoredEvent } from '../../../kernel/contract/event.js';
import { EVENT_TALLY_GROUP, type ConsumerDefinition, type ConsumerStore } from '../../../ports/event-consumers.js';
import type { Tx } from '../../../ports/unit-of-work.js';

/**
 * The dashboard's consumer group that keeps all-time event counts per type
 * (ConsumerStore.addToTally), one statement per batch. Counting in the
 * writers' own transactions would make every commit update the same hot
 * rows; a group adds them up behind the commits, and countByType adds the
 * few events past its checkpoint, so the figures stay exact. It runs only
 * where the dashboard is enabled: nothing else reads the counts.
 */
export class EventTally implements ConsumerDefinition {
  readonly group = EVENT_TALLY_GROUP;

  constructor(private readonly store: ConsumerStore) {}

  handle(tx: Tx, event: StoredEvent): Promise<void> {
    return this.handleBatch(tx, [event]);
  }

  async handleBatch(tx: Tx, events: readonly StoredEvent[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    await this.store.addToTally(tx, [...counts].map(([type, count]) => ({ type, count })));
  }
}
