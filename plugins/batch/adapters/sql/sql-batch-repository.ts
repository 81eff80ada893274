import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate, toDateOrNull, unnestRows } from '../../../../kit/sql.js';
import type { BatchRecord, BatchStatus, BatchType, ItemOutcome, ItemRecord, ItemStatus } from '../../domain/batch.js';
import type { BatchRepository } from '../../ports.js';

const BATCH_COLUMNS = sql.raw('id, team_id, type, status, total, completed, failed, created_at, updated_at, completed_at');
const ITEM_COLUMNS = sql.raw(
  'team_id, batch_id, position, status, from_account, to_account, asset_code, amount::text as amount, reference, movement_id, error_code, error_detail, processed_at',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface BatchRow {
  readonly id: string;
  readonly team_id: string;
  readonly type: BatchType;
  readonly status: BatchStatus;
  readonly total: unknown;
  readonly completed: unknown;
  readonly failed: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly completed_at: unknown;
}

interface ItemRow {
  readonly team_id: string;
  readonly batch_id: string;
  readonly position: unknown;
  readonly status: ItemStatus;
  readonly from_account: string;
  readonly to_account: string | null;
  readonly asset_code: string;
  readonly amount: string;
  readonly reference: string | null;
  readonly movement_id: string | null;
  readonly error_code: string | null;
  readonly error_detail: string | null;
  readonly processed_at: unknown;
}

function toBatch(row: BatchRow): BatchRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    type: row.type,
    status: row.status,
    total: toCount(row.total),
    completed: toCount(row.completed),
    failed: toCount(row.failed),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    completedAt: toDateOrNull(row.completed_at),
  };
}

function toItem(row: ItemRow): ItemRecord {
  return {
    teamId: row.team_id,
    batchId: row.batch_id,
    index: toCount(row.position),
    status: row.status,
    fromAccount: row.from_account,
    toAccount: row.to_account,
    assetCode: row.asset_code,
    amount: toBigInt(row.amount),
    reference: row.reference,
    movementId: row.movement_id,
    errorCode: row.error_code,
    errorDetail: row.error_detail,
    processedAt: toDateOrNull(row.processed_at),
  };
}

/** Batches in batch_batches and their items in batch_items; every statement runs in the transaction it is given. */
@injectable()
export class SqlBatchRepository implements BatchRepository {
  async insert(tx: Tx, batch: BatchRecord, items: readonly ItemRecord[]): Promise<void> {
    const db = sqlTx(tx).db;
    await sql`
      insert into batch_batches (id, team_id, type, status, total, completed, failed, created_at, updated_at, completed_at)
      values (${batch.id}, ${batch.teamId}, ${batch.type}, ${batch.status}, ${batch.total}, ${batch.completed}, ${batch.failed},
              ${batch.createdAt}, ${batch.updatedAt}, ${batch.completedAt})`.execute(db);
    // Up to a thousand items in one statement whose text does not depend on their number.
    const rows = unnestRows(
      'i',
      [['team_id', 'text'], ['batch_id', 'uuid'], ['position', 'integer'], ['status', 'text'], ['from_account', 'text'], ['to_account', 'text'], ['asset_code', 'text'], ['amount', 'numeric'], ['reference', 'text']],
      items.map((item) => [item.teamId, item.batchId, item.index, item.status, item.fromAccount, item.toAccount, item.assetCode, item.amount, item.reference]),
    );
    await sql`
      insert into batch_items (team_id, batch_id, position, status, from_account, to_account, asset_code, amount, reference)
      select * from ${rows}`.execute(db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<BatchRecord | undefined> {
    // An id that is no uuid names no batch (a 404, not a cast error).
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<BatchRow>`select ${BATCH_COLUMNS} from batch_batches where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toBatch(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<BatchRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<BatchRow>`
      select ${BATCH_COLUMNS} from batch_batches where team_id = ${teamId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from batch_batches where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toBatch), total: toCount(count.rows[0]?.n) };
  }

  async items(tx: Tx, teamId: string, batchId: string, page: PageRequest): Promise<Slice<ItemRecord>> {
    const batch = await this.find(tx, teamId, batchId);
    if (!batch) return { items: [], total: 0 };
    const { rows } = await sql<ItemRow>`
      select ${ITEM_COLUMNS} from batch_items where team_id = ${teamId} and batch_id = ${batch.id}
      order by position limit ${page.perPage} offset ${pageOffset(page)}`.execute(sqlTx(tx).db);
    return { items: rows.map(toItem), total: batch.total };
  }

  async claim(tx: Tx, teamId: string, batchId: string, index: number): Promise<ItemRecord | undefined> {
    const { rows } = await sql<ItemRow>`
      select ${ITEM_COLUMNS} from batch_items
      where team_id = ${teamId} and batch_id = ${batchId} and position = ${index} and status = 'pending'
      for update`.execute(sqlTx(tx).db);
    // A second claimer waited for the first's commit and re-read the row: it is no longer pending then.
    return rows[0]?.status === 'pending' ? toItem(rows[0]) : undefined;
  }

  async finish(tx: Tx, teamId: string, batchId: string, index: number, outcome: ItemOutcome, at: Date): Promise<ItemRecord> {
    const completed = outcome.status === 'completed';
    const { rows } = await sql<ItemRow>`
      update batch_items set status = ${outcome.status}, processed_at = ${at},
        movement_id = ${completed ? outcome.movementId : null},
        error_code = ${completed ? null : outcome.errorCode}, error_detail = ${completed ? null : outcome.errorDetail}
      where team_id = ${teamId} and batch_id = ${batchId} and position = ${index}
      returning ${ITEM_COLUMNS}`.execute(sqlTx(tx).db);
    if (!rows[0]) throw new Error(`batch item ${batchId}/${index} not found`);
    return toItem(rows[0]);
  }

  async countOutcome(tx: Tx, teamId: string, batchId: string, outcome: ItemOutcome['status'], at: Date): Promise<BatchRecord> {
    const done = outcome === 'completed' ? sql`completed + 1` : sql`completed`;
    const failed = outcome === 'failed' ? sql`failed + 1` : sql`failed`;
    // One statement: the row lock orders concurrent items of the batch, and the last one sees the full count.
    const { rows } = await sql<BatchRow>`
      update batch_batches set completed = ${done}, failed = ${failed}, updated_at = ${at},
        status = case when ${done} + ${failed} >= total then 'completed' else 'processing' end,
        completed_at = case when ${done} + ${failed} >= total then ${at}::timestamptz else null end
      where team_id = ${teamId} and id = ${batchId}
      returning ${BATCH_COLUMNS}`.execute(sqlTx(tx).db);
    if (!rows[0]) throw new Error(`batch ${batchId} not found`);
    return toBatch(rows[0]);
  }
}
