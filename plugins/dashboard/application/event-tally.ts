import type { ConsumerDefinition, ConsumerEvent, StoredEvent, Tx } from '../../../kernel/public.js';
import type { EventTallyRepository } from '../ports.js';

/**
 * The dashboard's consumer group that keeps all-time event counts per type
 * and per team and type, a statement per tally per batch. Counting in the writers' own transactions would
 * make every commit update the same hot rows; a group adds them up behind
 * the commits and records the cursor its counts reach, and EventCounts adds
 * the few events past that cursor, so the figures stay exact. It runs only
 * where the dashboard is enabled: nothing else reads the counts.
 */
export class EventTally implements ConsumerDefinition {
  readonly group = 'dashboard.event-tally';

  constructor(private readonly tally: EventTallyRepository) {}

  handle(tx: Tx, event: StoredEvent): Promise<void> {
    return this.handleBatch(tx, [event]);
  }

  async handleBatch(tx: Tx, events: readonly (StoredEvent | ConsumerEvent)[]): Promise<void> {
    const counts = new Map<string, { teamId: string; type: string; count: number }>();
    for (const event of events) {
      const key = `${event.teamId}\u0000${event.type}`;
      const counted = counts.get(key);
      if (counted) counted.count += 1;
      else counts.set(key, { teamId: event.teamId, type: event.type, count: 1 });
    }
    // The group accepts every event, so the last one here is where its checkpoint moves: the mark follows it.
    // A re-driven parked event has no cursor: it lies behind the mark already, so only its count is added.
    const last = events[events.length - 1];
    const through = last && 'cursor' in last ? last.cursor : undefined;
    await this.tally.add(tx, [...counts.values()], through);
  }
}
