import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { appendUndoable } from '../../../../kit/memory.js';
import type { QueryRecord } from '../../domain/query-record.js';
import type { QueryLogRepository } from '../../ports.js';

/** The query log in insertion order; a rolled-back unit of work takes its records back. */
@injectable()
export class MemoryQueryLogRepository implements QueryLogRepository {
  readonly #records: QueryRecord[] = [];

  async insert(tx: Tx, record: QueryRecord): Promise<void> {
    appendUndoable(tx, this.#records, [record]);
  }

  async latest(_tx: Tx, teamId: string, cacheKey: string): Promise<QueryRecord | undefined> {
    return this.#records.findLast((record) => record.teamId === teamId && record.cacheKey === cacheKey);
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<QueryRecord>> {
    const team = this.#records.filter((record) => record.teamId === teamId).reverse();
    const start = pageOffset(page);
    return { items: team.slice(start, start + page.perPage), total: team.length };
  }
}
