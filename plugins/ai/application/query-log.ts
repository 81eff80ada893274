import { inject, injectable } from 'inversify';
import { Clock, ConsumerStore, EventStore, Ids, UnitOfWork } from '../../../kernel/public.js';
import type { QueryRecord } from '../domain/query-record.js';
import { QueryAnswered } from '../events.js';
import { QueryLogRepository } from '../ports.js';

export const QUERY_AGGREGATE = 'ai-query';

/**
 * The team's query log and its answer cache. An answer is reused while the
 * team's event head is still the event that recorded it: nothing of the
 * team (a deposit, a settled transfer, another question) committed since,
 * so the transactions it was computed on are unchanged. Anything else
 * recomputes (docs/ai.md, Cache).
 */
@injectable()
export class QueryLog {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(QueryLogRepository) private readonly repository: QueryLogRepository,
    @inject(EventStore) private readonly events: EventStore,
    @inject(ConsumerStore) private readonly consumers: ConsumerStore,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async cached(teamId: string, cacheKey: string): Promise<QueryRecord | undefined> {
    const record = await this.uow.readOnly((tx) => this.repository.latest(tx, teamId, cacheKey));
    if (!record) return undefined;
    const own = (await this.events.forAggregate(teamId, QUERY_AGGREGATE, record.id)).at(-1)?.position;
    const head = await this.consumers.teamHead(teamId);
    return own !== undefined && own === head ? record : undefined;
  }

  newId(): string {
    return this.ids.uuid();
  }

  /** Keeps the question and its answer, with its event, in one unit of work. */
  async record(entry: Omit<QueryRecord, 'createdAt'>, confidence: number, cached: boolean): Promise<void> {
    const record: QueryRecord = { ...entry, createdAt: this.clock.now() };
    await this.uow.run(async (tx) => {
      await this.repository.insert(tx, record);
      await tx.append([
        {
          type: QueryAnswered.name,
          teamId: record.teamId,
          aggregateType: QUERY_AGGREGATE,
          aggregateId: record.id,
          payload: { query_id: record.id, kind: record.kind, original_query: record.query, account_id: record.accountId, interpretation_confidence: confidence, cached },
        },
      ]);
    });
  }
}
