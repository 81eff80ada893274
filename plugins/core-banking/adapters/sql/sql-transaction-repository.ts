import { inject, injectable } from 'inversify';
import { sql, type RawBuilder } from 'kysely';
import { FixedStatement, sqlTx, toBigInt, toBigIntOrNull, toCount, toDate, toDateOrNull, type Column } from '../../../../kit/sql.js';
import { AssetCatalog, assetOfHolding, cursorSlice, pageOffset, type CursorRequest, type CursorSlice, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type { TransactionFilter, TransactionSort, TransactionStatus, TransactionType } from '../../domain/transaction-query.js';
import type { Slice, TransactionRecord, TransactionRepository, TransactionUpdate } from '../../ports.js';

const INSERT_COLUMNS: readonly Column[] = [
  ['team_id', 'text'], ['id', 'text'], ['account_id', 'text'], ['type', 'text'], ['amount', 'numeric'], ['asset_code', 'text'],
  ['amount_scale', 'smallint'], ['status', 'text'], ['reference', 'text'], ['transfer_id', 'text'], ['movement_id', 'text'],
  ['balance_after', 'numeric'], ['created_at', 'timestamptz'], ['completed_at', 'timestamptz'],
];

// The hot path's writes (creation and settlement), written once: see kit/sql.ts FixedStatement.
// The update's status condition is the predicate of core_banking_transactions_pending_transfer, which serves it.
const INSERT = new FixedStatement(
  (rows) => `insert into core_banking_transactions (${INSERT_COLUMNS.map(([name]) => name).join(', ')}) select * from ${rows}`,
  [['v', INSERT_COLUMNS]],
);
/** Exported for its plan's test (sql-transaction-repository.test.ts). */
export const UPDATE_FOR_TRANSFERS = new FixedStatement(
  (rows) => `update core_banking_transactions as t
      set status = v.status, movement_id = v.movement_id, balance_after = v.balance_after, completed_at = v.completed_at
      from ${rows}
      where t.team_id = v.team_id and t.transfer_id = v.transfer_id and t.account_id = v.account_id
        and t.status in ('pending', 'pending_review')`,
  [['v', [['team_id', 'text'], ['transfer_id', 'text'], ['account_id', 'text'], ['status', 'text'], ['movement_id', 'text'], ['balance_after', 'numeric'], ['completed_at', 'timestamptz']]]],
);

const COLUMNS = sql.raw(
  `team_id, id, account_id, type, amount::text as amount, asset_code, status, reference, transfer_id, movement_id,
   balance_after::text as balance_after, created_at, completed_at`,
);

/**
 * Transaction rows. `amount_scale` (the asset's precision when written) lets
 * "sort=amount" order by value across assets: 1.00 USD sorts with 1 JPY.
 * Inserts and updates are deferred writes (adapters/sql/write-behind.ts).
 */
@injectable()
export class SqlTransactionRepository implements TransactionRepository {
  constructor(@inject(AssetCatalog) private readonly assets: AssetCatalog) {}

  async insert(tx: Tx, rows: readonly TransactionRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((row) => [
      row.teamId, row.id, row.accountId, row.type, row.amount, row.assetCode, this.#scale(row.assetCode), row.status, row.reference,
      row.transferId, row.movementId, row.balanceAfter, row.createdAt, row.completedAt,
    ]);
    sqlTx(tx).defer({ table: 'core_banking_transactions', kind: 'insert', statement: INSERT.bind([], values), what: 'transactions insert' });
  }

  async find(tx: Tx, teamId: string, id: string): Promise<TransactionRecord | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transactions where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] ? toTransaction(rows[0]) : undefined;
  }

  async updateForTransfers(tx: Tx, updates: readonly TransactionUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    sqlTx(tx).defer({
      table: 'core_banking_transactions',
      kind: 'update',
      statement: UPDATE_FOR_TRANSFERS.bind([], updates.map((u) => [u.teamId, u.transferId, u.accountId, u.status, u.movementId, u.balanceAfter, u.completedAt])),
      what: 'transactions update',
    });
  }

  async list(tx: Tx, teamId: string, filter: TransactionFilter, sort: TransactionSort, page: PageRequest): Promise<Slice<TransactionRecord>> {
    const { db } = sqlTx(tx);
    const where = sql.join(conditions(teamId, filter), sql` and `);
    const direction = sql.raw(sort.descending ? 'desc' : 'asc');
    const key = sort.field === 'amount' ? sql`amount / (10::numeric ^ amount_scale)` : sql`created_at`;
    const count = await sql<{ total: unknown }>`select count(*) as total from core_banking_transactions where ${where}`.execute(db);
    const rows = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transactions where ${where}
      order by ${key} ${direction}, seq ${direction}
      limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.rows.map(toTransaction), total: toCount(count.rows[0]?.total) };
  }

  /**
   * A keyset read: a row comparison on (created_at, seq) that the
   * (team_id[, account_id], created_at, seq) indexes serve in order, so a
   * page reads limit + 1 index entries and sorts nothing.
   */
  async listByCursor(tx: Tx, teamId: string, filter: TransactionFilter, descending: boolean, cursor: CursorRequest): Promise<CursorSlice<TransactionRecord> | undefined> {
    const { db } = sqlTx(tx);
    const ofAccount = filter.accountId !== undefined ? sql` and account_id = ${filter.accountId}` : sql``;
    const found = await sql<{ created_at: unknown; seq: unknown }>`
      select created_at, seq::text as seq from core_banking_transactions where team_id = ${teamId} and id = ${cursor.id}${ofAccount}`.execute(db);
    const at = found.rows[0];
    if (!at) return undefined;
    const walkDown = (cursor.direction === 'after') === descending;
    const where = sql.join(
      [...conditions(teamId, filter), sql`(created_at, seq) ${sql.raw(walkDown ? '<' : '>')} (${toDate(at.created_at)}::timestamptz, ${at.seq}::bigint)`],
      sql` and `,
    );
    const direction = sql.raw(walkDown ? 'desc' : 'asc');
    const rows = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transactions where ${where}
      order by created_at ${direction}, seq ${direction}
      limit ${cursor.limit + 1}`.execute(db);
    return cursorSlice(rows.rows.map(toTransaction), cursor);
  }

  #scale(assetCode: string): number {
    return assetOfHolding(this.assets, assetCode)?.precision ?? 0;
  }
}

function conditions(teamId: string, filter: TransactionFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`team_id = ${teamId}`];
  if (filter.accountId !== undefined) conditions.push(sql`account_id = ${filter.accountId}`);
  if (filter.assetCode !== undefined) conditions.push(sql`asset_code = ${filter.assetCode}`);
  if (filter.type !== undefined) conditions.push(sql`type = ${filter.type}`);
  if (filter.status !== undefined) conditions.push(sql`status = ${filter.status}`);
  if (filter.from !== undefined) conditions.push(sql`created_at >= ${filter.from}`);
  if (filter.before !== undefined) conditions.push(sql`created_at < ${filter.before}`);
  return conditions;
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
