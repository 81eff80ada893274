import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx } from '../../../../adapters/sql/sql-tx.js';
import { pageOffset, type PageRequest } from '../../../../kernel/contract/page.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { TransferStatus } from '../../domain/transfer.js';
import type { Slice, TransferRecord, TransferRepository, TransferUpdate } from '../../ports.js';
import { toBigInt, toCount, toDate, toDateOrNull, toJsonObject } from './sql-values.js';

const COLUMNS = sql.raw(
  `team_id, id, from_account, to_account, amount::text as amount, fee::text as fee, asset_code, status, reference,
   workflow_id, workflow_enabled, hold_id, metadata, routing, created_at, estimated_completion, completed_at,
   failure_reason, updated_at`,
);

@injectable()
export class SqlTransferRepository implements TransferRepository {
  async insert(tx: Tx, t: TransferRecord): Promise<void> {
    await sql`
      insert into core_banking_transfers (team_id, id, from_account, to_account, amount, fee, asset_code, status, reference,
        workflow_id, workflow_enabled, hold_id, metadata, routing, created_at, estimated_completion, completed_at,
        failure_reason, updated_at)
      values (${t.teamId}, ${t.id}, ${t.fromAccount}, ${t.toAccount}, ${t.amount.toString()}::numeric, ${t.fee.toString()}::numeric,
        ${t.assetCode}, ${t.status}, ${t.reference}, ${t.workflowId}, ${t.workflowEnabled}, ${t.holdId},
        ${JSON.stringify(t.metadata)}::jsonb, ${t.routing}, ${t.createdAt}, ${t.estimatedCompletion}, ${t.completedAt}::timestamptz,
        ${t.failureReason}, ${t.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transfers where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return result.rows[0] ? toTransfer(result.rows[0]) : undefined;
  }

  async lock(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transfers where team_id = ${teamId} and id = ${id}
      for update`.execute(sqlTx(tx).db);
    return result.rows[0] ? toTransfer(result.rows[0]) : undefined;
  }

  async update(tx: Tx, teamId: string, id: string, update: TransferUpdate): Promise<void> {
    await sql`
      update core_banking_transfers
      set status = ${update.status}, completed_at = ${update.completedAt}::timestamptz,
          failure_reason = ${update.failureReason}, updated_at = ${update.updatedAt}
      where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
  }

  async listByAccount(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<TransferRecord>> {
    const { db } = sqlTx(tx);
    const where = sql`team_id = ${teamId} and (from_account = ${accountId} or to_account = ${accountId})`;
    const count = await sql<{ total: unknown }>`select count(*) as total from core_banking_transfers where ${where}`.execute(db);
    const rows = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transfers where ${where}
      order by created_at desc, seq desc
      limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.rows.map(toTransfer), total: toCount(count.rows[0]?.total) };
  }
}

function toTransfer(row: Record<string, unknown>): TransferRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    fromAccount: row.from_account as string,
    toAccount: row.to_account as string,
    amount: toBigInt(row.amount),
    fee: toBigInt(row.fee),
    assetCode: row.asset_code as string,
    status: row.status as TransferStatus,
    reference: (row.reference as string | null) ?? null,
    workflowId: row.workflow_id as string,
    workflowEnabled: Boolean(row.workflow_enabled),
    holdId: row.hold_id as string,
    metadata: toJsonObject(row.metadata),
    routing: (row.routing as string | null) ?? null,
    createdAt: toDate(row.created_at),
    estimatedCompletion: toDate(row.estimated_completion),
    completedAt: toDateOrNull(row.completed_at),
    failureReason: (row.failure_reason as string | null) ?? null,
    updatedAt: toDate(row.updated_at),
  };
}
