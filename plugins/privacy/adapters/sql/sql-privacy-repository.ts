import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { PrivacyRequestRecord, PrivacyRequestStatus, PrivacyRequestType } from '../../domain.js';
import type { PrivacyRequestRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, user_id, type, status, requested_by_team_id, requested_by_user_id, modules, document, created_at, completed_at');

interface RequestRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly type: PrivacyRequestType;
  readonly status: PrivacyRequestStatus;
  readonly requested_by_team_id: string;
  readonly requested_by_user_id: string;
  /** A JSON array of module names. */
  readonly modules: string;
  readonly document: string | null;
  readonly created_at: unknown;
  readonly completed_at: unknown;
}

function toRequest(row: RequestRow): PrivacyRequestRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    type: row.type,
    status: row.status,
    requestedByTeamId: row.requested_by_team_id,
    requestedByUserId: row.requested_by_user_id,
    modules: JSON.parse(row.modules) as string[],
    document: row.document,
    createdAt: toDate(row.created_at),
    completedAt: toDateOrNull(row.completed_at),
  };
}

/** Requests in privacy_requests; every statement runs in the transaction it is given. */
@injectable()
export class SqlPrivacyRequestRepository implements PrivacyRequestRepository {
  async insert(tx: Tx, r: PrivacyRequestRecord): Promise<void> {
    await sql`
      insert into privacy_requests (id, team_id, user_id, type, status, requested_by_team_id, requested_by_user_id, modules, document, created_at, completed_at)
      values (${r.id}, ${r.teamId}, ${r.userId}, ${r.type}, ${r.status}, ${r.requestedByTeamId}, ${r.requestedByUserId}, ${JSON.stringify(r.modules)}, ${r.document}, ${r.createdAt}, ${r.completedAt})`.execute(sqlTx(tx).db);
  }

  async complete(tx: Tx, id: string, modules: readonly string[], document: string | null, at: Date): Promise<PrivacyRequestRecord | undefined> {
    const { rows } = await sql<RequestRow>`
      update privacy_requests set status = 'completed', modules = ${JSON.stringify(modules)}, document = ${document}, completed_at = ${at}
      where id = ${id} and status = 'received'
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toRequest(rows[0]);
  }

  async find(tx: Tx, teamId: string | null, id: string): Promise<PrivacyRequestRecord | undefined> {
    const { rows } = await sql<RequestRow>`
      select ${COLUMNS} from privacy_requests where id = ${id} and (${teamId}::text is null or team_id = ${teamId})`.execute(sqlTx(tx).db);
    return rows[0] && toRequest(rows[0]);
  }

  async list(tx: Tx, teamId: string | null, page: PageRequest): Promise<Slice<PrivacyRequestRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<RequestRow>`
      select ${COLUMNS} from privacy_requests where (${teamId}::text is null or team_id = ${teamId})
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from privacy_requests where (${teamId}::text is null or team_id = ${teamId})`.execute(db);
    return { items: rows.map(toRequest), total: toCount(count.rows[0]?.n) };
  }

  async dropDocuments(tx: Tx, teamId: string, userId: string): Promise<number> {
    const { rows } = await sql<{ id: string }>`
      update privacy_requests set document = null
      where team_id = ${teamId} and user_id = ${userId} and document is not null
      returning id`.execute(sqlTx(tx).db);
    return rows.length;
  }
}
