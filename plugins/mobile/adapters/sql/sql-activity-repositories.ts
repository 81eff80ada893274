import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type ActivityHistoryFilter, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toCount, toDate } from '../../../../kit/sql.js';
import type { ActivityRecord } from '../../domain/activity.js';
import type { P2pTransferRecord } from '../../domain/p2p-transfer.js';
import type { ActivityRepository, P2pTransferRepository } from '../../ports.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const P2P_COLUMNS = sql.raw('id, team_id, from_user_id, from_account_id, to_team_id, to_user_id, to_account_id, amount, currency, note, created_at');

interface P2pRow {
  readonly id: string;
  readonly team_id: string;
  readonly from_user_id: string;
  readonly from_account_id: string;
  readonly to_team_id: string;
  readonly to_user_id: string;
  readonly to_account_id: string;
  readonly amount: unknown;
  readonly currency: string;
  readonly note: string;
  readonly created_at: unknown;
}

@injectable()
export class SqlP2pTransferRepository implements P2pTransferRepository {
  async insert(tx: Tx, t: P2pTransferRecord): Promise<void> {
    await sql`
      insert into mobile_p2p_transfers (${P2P_COLUMNS})
      values (${t.id}, ${t.fromTeamId}, ${t.fromUserId}, ${t.fromAccountId}, ${t.toTeamId}, ${t.toUserId}, ${t.toAccountId}, ${t.amount.toString()}, ${t.currency}, ${t.note}, ${t.createdAt})`.execute(
      sqlTx(tx).db,
    );
  }

  async find(tx: Tx, teamId: string, id: string): Promise<P2pTransferRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<P2pRow>`
      select ${P2P_COLUMNS} from mobile_p2p_transfers where id = ${id} and (team_id = ${teamId} or to_team_id = ${teamId})`.execute(sqlTx(tx).db);
    return rows[0] && toP2p(rows[0]);
  }

  async history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<P2pTransferRecord[]> {
    const sender = filter.accountId === undefined ? sql`team_id = ${teamId}` : sql`(team_id = ${teamId} and from_account_id = ${filter.accountId})`;
    const receiver = filter.accountId === undefined ? sql`to_team_id = ${teamId}` : sql`(to_team_id = ${teamId} and to_account_id = ${filter.accountId})`;
    const { rows } = await sql<P2pRow>`
      select ${P2P_COLUMNS} from mobile_p2p_transfers where (${sender} or ${receiver})
        ${filter.from ? sql`and created_at >= ${filter.from}` : sql``}
        ${filter.before ? sql`and created_at < ${filter.before}` : sql``}
      order by created_at, id limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map(toP2p);
  }
}

function toP2p(row: P2pRow): P2pTransferRecord {
  return {
    id: row.id,
    fromTeamId: row.team_id,
    fromUserId: row.from_user_id,
    fromAccountId: row.from_account_id,
    toTeamId: row.to_team_id,
    toUserId: row.to_user_id,
    toAccountId: row.to_account_id,
    amount: toBigInt(row.amount),
    currency: row.currency,
    note: row.note,
    createdAt: toDate(row.created_at),
  };
}

const ACTIVITY_COLUMNS = sql.raw('id, team_id, user_id, type, resource_type, resource_id, amount, currency, title, status, created_at, updated_at');

interface ActivityRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly type: ActivityRecord['type'];
  readonly resource_type: ActivityRecord['resourceType'];
  readonly resource_id: string;
  readonly amount: unknown;
  readonly currency: string | null;
  readonly title: string;
  readonly status: string;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

@injectable()
export class SqlActivityRepository implements ActivityRepository {
  async upsert(tx: Tx, a: ActivityRecord): Promise<void> {
    await sql`
      insert into mobile_activity (${ACTIVITY_COLUMNS})
      values (${a.id}, ${a.teamId}, ${a.userId}, ${a.type}, ${a.resourceType}, ${a.resourceId}, ${a.amount === null ? null : a.amount.toString()}, ${a.currency},
              ${a.title}, ${a.status}, ${a.createdAt}, ${a.updatedAt})
      on conflict (team_id, user_id, resource_type, resource_id)
      do update set status = excluded.status, title = excluded.title, updated_at = excluded.updated_at`.execute(sqlTx(tx).db);
  }

  async list(tx: Tx, teamId: string, userId: string, page: PageRequest): Promise<Slice<ActivityRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<ActivityRow>`
      select ${ACTIVITY_COLUMNS} from mobile_activity where team_id = ${teamId} and user_id = ${userId}
      order by created_at desc, id desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from mobile_activity where team_id = ${teamId} and user_id = ${userId}`.execute(db);
    return {
      items: rows.map((row) => ({
        id: row.id,
        teamId: row.team_id,
        userId: row.user_id,
        type: row.type,
        resourceType: row.resource_type,
        resourceId: row.resource_id,
        amount: toBigIntOrNull(row.amount),
        currency: row.currency,
        title: row.title,
        status: row.status,
        createdAt: toDate(row.created_at),
        updatedAt: toDate(row.updated_at),
      })),
      total: toCount(count.rows[0]?.n),
    };
  }
}
