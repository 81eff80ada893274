import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate } from '../../../../kit/sql.js';
import type { QueryRecord } from '../../domain/query-record.js';
import type { QueryLogRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, kind, query, account_id, cache_key, interpretation, answer, created_at');

interface QueryRow {
  readonly id: string;
  readonly team_id: string;
  readonly kind: QueryRecord['kind'];
  readonly query: string;
  readonly account_id: string | null;
  readonly cache_key: string;
  readonly interpretation: unknown;
  readonly answer: unknown;
  readonly created_at: unknown;
}

/** PGlite hands jsonb back parsed; a driver that gives text is parsed here. */
const json = (value: unknown): Record<string, unknown> => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

function toRecord(row: QueryRow): QueryRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    kind: row.kind,
    query: row.query,
    accountId: row.account_id,
    cacheKey: row.cache_key,
    interpretation: json(row.interpretation),
    answer: json(row.answer),
    createdAt: toDate(row.created_at),
  };
}

/** The query log in ai_queries; every statement runs in the transaction it is given. */
@injectable()
export class SqlQueryLogRepository implements QueryLogRepository {
  async insert(tx: Tx, record: QueryRecord): Promise<void> {
    await sql`
      insert into ai_queries (id, team_id, kind, query, account_id, cache_key, interpretation, answer, created_at)
      values (${record.id}, ${record.teamId}, ${record.kind}, ${record.query}, ${record.accountId}, ${record.cacheKey},
              ${JSON.stringify(record.interpretation)}::jsonb, ${JSON.stringify(record.answer)}::jsonb, ${record.createdAt})`.execute(sqlTx(tx).db);
  }

  async latest(tx: Tx, teamId: string, cacheKey: string): Promise<QueryRecord | undefined> {
    const { rows } = await sql<QueryRow>`
      select ${COLUMNS} from ai_queries where team_id = ${teamId} and cache_key = ${cacheKey}
      order by seq desc limit 1`.execute(sqlTx(tx).db);
    return rows[0] && toRecord(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<QueryRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<QueryRow>`
      select ${COLUMNS} from ai_queries where team_id = ${teamId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from ai_queries where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toRecord), total: toCount(count.rows[0]?.n) };
  }
}
