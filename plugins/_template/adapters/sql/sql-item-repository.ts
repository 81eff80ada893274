import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { ItemRecord, ItemStatus } from '../../domain/item.js';
import type { ItemRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, title, status, expires_at, created_at, updated_at');

interface ItemRow {
  readonly id: string;
  readonly team_id: string;
  readonly title: string;
  readonly status: ItemStatus;
  readonly expires_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

function toItem(row: ItemRow): ItemRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    title: row.title,
    status: row.status,
    expiresAt: toDateOrNull(row.expires_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Items in template_items; every statement runs in the transaction it is given. */
@injectable()
export class SqlItemRepository implements ItemRepository {
  async insert(tx: Tx, item: ItemRecord): Promise<void> {
    await sql`
      insert into template_items (id, team_id, title, status, expires_at, created_at, updated_at)
      values (${item.id}, ${item.teamId}, ${item.title}, ${item.status}, ${item.expiresAt}, ${item.createdAt}, ${item.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<ItemRecord | undefined> {
    const { rows } = await sql<ItemRow>`select ${COLUMNS} from template_items where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toItem(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ItemRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<ItemRow>`
      select ${COLUMNS} from template_items where team_id = ${teamId}
      order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from template_items where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toItem), total: toCount(count.rows[0]?.n) };
  }

  async activate(tx: Tx, teamId: string, id: string, at: Date): Promise<ItemRecord | undefined> {
    const { rows } = await sql<ItemRow>`
      update template_items set status = 'active', updated_at = ${at}
      where team_id = ${teamId} and id = ${id} and status = 'pending'
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toItem(rows[0]);
  }

  async expireDue(tx: Tx, now: Date, limit: number): Promise<ItemRecord[]> {
    const { rows } = await sql<ItemRow>`
      update template_items set status = 'expired', updated_at = ${now}
      where id in (
        select id from template_items
        where status = 'active' and expires_at is not null and expires_at <= ${now}
        order by expires_at, id limit ${limit}
        for update skip locked)
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows.map(toItem).sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime() || a.id.localeCompare(b.id));
  }
}
