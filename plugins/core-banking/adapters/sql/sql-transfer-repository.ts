import { injectable } from 'inversify';
import { sql } from 'kysely';
import { FixedStatement, sqlTx, toBigInt, toCount, toDate, toDateOrNull, toJsonObject, type Column } from '../../../../kit/sql.js';
import { cursorSlice, pageOffset, type CursorRequest, type CursorSlice, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type { TransferStatus } from '../../domain/transfer.js';
import type { Slice, TransferRecord, TransferRepository, TransferUpdate } from '../../ports.js';

const INSERT_COLUMNS: readonly Column[] = [
  ['team_id', 'text'], ['id', 'text'], ['from_account', 'text'], ['to_account', 'text'], ['amount', 'numeric'], ['fee', 'numeric'],
  ['asset_code', 'text'], ['status', 'text'], ['reference', 'text'], ['workflow_id', 'text'], ['workflow_enabled', 'boolean'],
  ['hold_id', 'text'], ['metadata', 'jsonb'], ['routing', 'text'], ['created_at', 'timestamptz'], ['estimated_completion', 'timestamptz'],
  ['completed_at', 'timestamptz'], ['failure_reason', 'text'], ['updated_at', 'timestamptz'],
];

const COLUMN_LIST = `team_id, id, from_account, to_account, amount::text as amount, fee::text as fee, asset_code, status, reference,
   workflow_id, workflow_enabled, hold_id, metadata, routing, created_at, estimated_completion, completed_at,
   failure_reason, updated_at`;
const COLUMNS = sql.raw(COLUMN_LIST);

// The hot path's statements (creation and settlement), written once: see kit/sql.ts FixedStatement.
const INSERT = new FixedStatement(
  (rows) => `insert into core_banking_transfers (${INSERT_COLUMNS.map(([name]) => name).join(', ')}) select * from ${rows}`,
  [['v', INSERT_COLUMNS]],
);
const LOCK = new FixedStatement(
  (rows) => `select ${COLUMN_LIST} from ${rows}
      join core_banking_transfers on team_id = v.want_team and id = v.want_id
      order by id collate "C"
      for update of core_banking_transfers`,
  [['v', [['want_team', 'text'], ['want_id', 'text']]]],
);
const UPDATE = new FixedStatement(
  (rows) => `update core_banking_transfers as t
      set status = v.status, completed_at = v.completed_at, failure_reason = v.failure_reason, updated_at = v.updated_at
      from ${rows}
      where t.team_id = v.team_id and t.id = v.id`,
  [['v', [['team_id', 'text'], ['id', 'text'], ['status', 'text'], ['completed_at', 'timestamptz'], ['failure_reason', 'text'], ['updated_at', 'timestamptz']]]],
);

/** Transfers; inserts and updates are deferred writes (adapters/sql/write-behind.ts). */
@injectable()
export class SqlTransferRepository implements TransferRepository {
  async insert(tx: Tx, transfers: readonly TransferRecord[]): Promise<void> {
    if (transfers.length === 0) return;
    const rows = transfers.map((t) => [
      t.teamId, t.id, t.fromAccount, t.toAccount, t.amount, t.fee, t.assetCode, t.status, t.reference, t.workflowId, t.workflowEnabled,
      t.holdId, JSON.stringify(t.metadata), t.routing, t.createdAt, t.estimatedCompletion, t.completedAt, t.failureReason, t.updatedAt,
    ]);
    sqlTx(tx).defer({ table: 'core_banking_transfers', kind: 'insert', statement: INSERT.bind([], rows), what: 'transfers insert' });
  }

  async find(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${COLUMNS} from core_banking_transfers where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return result.rows[0] ? toTransfer(result.rows[0]) : undefined;
  }

  async lock(tx: Tx, refs: readonly { readonly teamId: string; readonly id: string }[]): Promise<TransferRecord[]> {
    if (refs.length === 0) return [];
    const result = await LOCK.run<Record<string, unknown>>(sqlTx(tx).db, [], refs.map((ref) => [ref.teamId, ref.id]));
    return result.rows.map(toTransfer);
  }

  async update(tx: Tx, updates: readonly TransferUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    // Callers hold these rows locked (lock), so every one is there.
    sqlTx(tx).defer({
      table: 'core_banking_transfers',
      kind: 'update',
      statement: UPDATE.bind([], updates.map((u) => [u.teamId, u.id, u.status, u.completedAt, u.failureReason, u.updatedAt])),
      expectRows: updates.length,
      what: 'transfers update',
    });
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

  /**
   * A keyset read. An OR of from/to would make the planner merge both
   * indexes and sort the whole account, so each side walks its own
   * (team_id, from_account|to_account, created_at, seq) index for limit + 1
   * rows and only those are merged; a self-transfer counts once.
   */
  async listByAccountCursor(tx: Tx, teamId: string, accountId: string, cursor: CursorRequest): Promise<CursorSlice<TransferRecord> | undefined> {
    const { db } = sqlTx(tx);
    const found = await sql<{ created_at: unknown; seq: unknown }>`
      select created_at, seq::text as seq from core_banking_transfers
      where team_id = ${teamId} and id = ${cursor.id} and (from_account = ${accountId} or to_account = ${accountId})`.execute(db);
    const at = found.rows[0];
    if (!at) return undefined;
    const walkDown = cursor.direction === 'after';
    const beyond = sql`(created_at, seq) ${sql.raw(walkDown ? '<' : '>')} (${toDate(at.created_at)}::timestamptz, ${at.seq}::bigint)`;
    const order = sql.raw(walkDown ? 'created_at desc, seq desc' : 'created_at asc, seq asc');
    const limit = cursor.limit + 1;
    const rows = await sql<Record<string, unknown>>`
      select ${COLUMNS} from (
        (select * from core_banking_transfers where team_id = ${teamId} and from_account = ${accountId} and ${beyond} order by ${order} limit ${limit})
        union all
        (select * from core_banking_transfers
         where team_id = ${teamId} and to_account = ${accountId} and from_account <> ${accountId} and ${beyond} order by ${order} limit ${limit})
      ) as mine
      order by ${order} limit ${limit}`.execute(db);
    return cursorSlice(rows.rows.map(toTransfer), cursor);
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
