import { inject, injectable } from 'inversify';
import { sql, type RawBuilder } from 'kysely';
import { sqlTx } from '../../../../adapters/sql/sql-tx.js';
import { pageOffset, type PageRequest } from '../../../../kernel/contract/page.js';
import { AssetCatalog } from '../../../../ports/asset-catalog.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { TransactionFilter, TransactionSort, TransactionStatus, TransactionType } from '../../domain/transaction-query.js';
import type { Slice, TransactionRecord, TransactionRepository, TransactionUpdate } from '../../ports.js';
import { toBigInt, toBigIntOrNull, toCount, toDate, toDateOrNull } from './sql-values.js';

const COLUMNS = sql.raw(
  `team_id, id, account_id, type, amount::text as amount, asset_code, status, reference, transfer_id, movement_id,
   balance_after::text as balance_after, created_at, completed_at`,
);

/**
 * Transaction rows. `amount_scale` (the asset's precision when written) lets
 * "sort=amount" order by value across assets: 1.00 USD sorts with 1 JPY.
 */
@injectable()
export class SqlTransactionRepository implements TransactionRepository {
  constructor(@inject(AssetCatalog) private readonly assets: AssetCatalog) {}

  async insert(tx: Tx, rows: readonly TransactionRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map(
        (row) => sql`(${row.teamId}::text, ${row.id}::text, ${row.accountId}::text, ${row.type}::text, ${row.amount.toString()}::numeric,
          ${row.assetCode}::text, ${this.#scale(row.assetCode)}::smallint, ${row.status}::text, ${row.reference}::text,
          ${row.transferId}::text, ${row.movementId}::text, ${row.balanceAfter?.toString() ?? null}::numeric,
          ${row.createdAt}::timestamptz, ${row.completedAt}::timestamptz)`,
      ),
    );
    await sql`
      insert into core_banking_transactions (team_id, id, account_id, type, amount, asset_code, amount_scale, status, reference,
        transfer_id, movement_id, balance_after, created_at, completed_at)
      values ${values}`.execute(sqlTx(tx).db);
  }

  async updateForTransfer(
    tx: Tx,
    teamId: string,
    transferId: string,
    accountId: string,
    update: TransactionUpdate,
  ): Promise<TransactionRecord[]> {
    const result = await sql<Record<string, unknown>>`
      update core_banking_transactions
      set status = ${update.status}, movement_id = ${update.movementId},
          balance_after = ${update.balanceAfter?.toString() ?? null}::numeric, completed_at = ${update.completedAt}::timestamptz
      where team_id = ${teamId} and transfer_id = ${transferId} and account_id = ${accountId}
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return result.rows.map(toTransaction);
  }

  async list(tx: Tx, teamId: string, filter: TransactionFilter, sort: TransactionSort, page: PageRequest): Promise<Slice<TransactionRecord>> {
    const { db } = sqlTx(tx);
    const conditions: RawBuilder<unknown>[] = [sql`team_id = ${teamId}`];
    if (filter.accountId !== undefined) conditions.push(sql`account_id = ${filter.accountId}`);
    if (filter.assetCode !== undefined) conditions.push(sql`asset_code = ${filter.assetCode}`);
    if (filter.type !== undefined) conditions.push(sql`type = ${filter.type}`);
    if (filter.status !== undefined) conditions.push(sql`status = ${filter.status}`);
    if (filter.from !== undefined) conditions.push(sql`created_at >= ${filter.from}`);
    if (filter.before !== undefined) conditions.push(sql`created_at < ${filter.before}`);
    const where = sql.join(conditions, sql` and `);
    const direction = sql.raw(sort.descending ? 'desc' : 'asc');
    const key = sort.field === 'amount' ? sql`amount / (10::numeric ^ amount_scale)` : sql`created_at`;
    const count = await sql<{ total: unknown }>`select count(*) as total from core_banking_transactions where ${where}`.execute(db);
    const rows = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transactions where ${where}
      order by ${key} ${direction}, seq ${direction}
      limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.rows.map(toTransaction), total: toCount(count.rows[0]?.total) };
  }

  #scale(assetCode: string): number {
    return this.assets.find(assetCode)?.precision ?? 0;
  }
}

function toTransaction(row: Record<string, unknown>): TransactionRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    accountId: row.account_id as string,
    type: row.type as TransactionType,
    amount: toBigInt(row.amount),
    assetCode: row.asset_code as string,
    status: row.status as TransactionStatus,
    reference: (row.reference as string | null) ?? null,
    transferId: (row.transfer_id as string | null) ?? null,
    movementId: (row.movement_id as string | null) ?? null,
    balanceAfter: toBigIntOrNull(row.balance_after),
    createdAt: toDate(row.created_at),
    completedAt: toDateOrNull(row.completed_at),
  };
}
