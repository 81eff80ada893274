import { inject, injectable } from 'inversify';
import { ConsumerStore, UnitOfWork, type EventCount } from '../../../kernel/public.js';
import { EventTallyRepository } from '../ports.js';

/**
 * Events per type, all time or since a time, without scanning the log for
 * the all-time figure: the tally, plus the events past the cursor it
 * reaches. That sum is exact however far behind the tally is: events up to
 * a consumer cursor never change (none can still commit behind it), so the
 * later read of what lies past it completes the earlier read of the tally.
 */
@injectable()
export class EventCounts {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConsumerStore) private readonly consumers: ConsumerStore,
    @inject(EventTallyRepository) private readonly tally: EventTallyRepository,
  ) {}

  /** By type; `since` is a range over occurred_at; with `teamId`, only that team's events. */
  async byType(since?: Date, teamId?: string): Promise<EventCount[]> {
    if (since) return this.consumers.countSince(since, teamId);
    const { counts, through } = await this.unitOfWork.readOnly((tx) => this.tally.read(tx, teamId));
    const total = new Map(counts.map(({ type, count }) => [type, count]));
    for (const { type, count } of await this.consumers.pendingByType(through, teamId)) total.set(type, (total.get(type) ?? 0) + count);
    return [...total].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
  }
}
