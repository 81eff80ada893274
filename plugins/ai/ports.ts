import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { QueryRecord } from './domain/query-record.js';

/** The query log: every question a team asked, with its answer. Scoped by team. */
export interface QueryLogRepository {
  insert(tx: Tx, record: QueryRecord): Promise<void>;
  /** The team's newest record with this cache key. */
  latest(tx: Tx, teamId: string, cacheKey: string): Promise<QueryRecord | undefined>;
  /** The team's records, newest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<QueryRecord>>;
}
export const QueryLogRepository = token<QueryLogRepository>('ai.query-log-repository');
