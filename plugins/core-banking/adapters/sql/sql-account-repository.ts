import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx, toCount, toDate, toJsonObject } from '../../../../kit/sql.js';
import { pageOffset, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type { AccountStatus } from '../../domain/account.js';
import type { AccountRecord, AccountRepository, Slice } from '../../ports.js';

const COLUMNS = sql.raw('team_id, id, name, type, status, metadata, created_at, updated_at');

@injectable()
export class SqlAccountRepository implements AccountRepository {
  async insert(tx: Tx, account: AccountRecord): Promise<void> {
    await sql`
      insert into core_banking_accounts (team_id, id, name, type, status, metadata, created_at, updated_at)
      values (${account.teamId}, ${account.id}, ${account.name}, ${account.type}, ${account.status},
              ${JSON.stringify(account.metadata)}::jsonb, ${account.createdAt}, ${account.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<AccountRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_accounts where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return result.rows[0] ? toAccount(result.rows[0]) : undefined;
  }

  async lockForStatusChange(tx: Tx, teamId: string, id: string): Promise<AccountRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_accounts where team_id = ${teamId} and id = ${id}
      for update`.execute(sqlTx(tx).db);
    return result.rows[0] ? toAccount(result.rows[0]) : undefined;
  }

  async setStatus(tx: Tx, teamId: string, id: string, status: AccountStatus, at: Date): Promise<void> {
    await sql`
      update core_banking_accounts set status = ${status}, updated_at = ${at}
      where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<AccountRecord>> {
    const { db } = sqlTx(tx);
    const count = await sql<{ total: unknown }>`
      select count(*) as total from core_banking_accounts where team_id = ${teamId}`.execute(db);
    const rows = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_accounts where team_id = ${teamId}
      order by created_at, seq
      limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.rows.map(toAccount), total: toCount(count.rows[0]?.total) };
  }
}

function toAccount(row: Record<string, unknown>): AccountRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    name: row.name as string,
    type: row.type as string,
    status: row.status as AccountStatus,
    metadata: toJsonObject(row.metadata),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
