import { injectable } from 'inversify';
import { sql } from 'kysely';
import { FixedStatement, sqlTx, toBigInt, toDate, type Column } from '../../../../kit/sql.js';
import type { Tx } from '../../../../kernel/public.js';
import type { AccountStatus } from '../../domain/account.js';
import { compareKeys, refOf, type BalanceKey, type BalanceRow } from '../../domain/ledger-rules.js';
import type { HoldRecord, LedgerRepository, LedgerWrite, LockedLedger, LockRequest } from '../../ports.js';

const KEY_COLUMNS: readonly Column[] = [
  ['team_id', 'text'],
  ['account_id', 'text'],
  ['asset_code', 'text'],
];
const PAIR_COLUMNS: readonly Column[] = [
  ['team_id', 'text'],
  ['id', 'text'],
];

/*
 * The statements, written once (kit/sql.ts FixedStatement): every ledger
 * call binds parameters to one of these texts.
 */
const accountsText = (rows: string): string => `select a.team_id, a.id, a.status from ${rows}
      join core_banking_accounts a on a.team_id = v.team_id and a.id = v.id
      order by a.id collate "C" for key share of a`;
const balancesText = (rows: string, lock: boolean): string => `select b.team_id, b.account_id, b.asset_code, b.available::text as available, b.reserved::text as reserved
      from ${rows}
      join core_banking_balances b on b.team_id = b_v.team_id and b.account_id = b_v.account_id and b.asset_code = b_v.asset_code
      order by b.account_id collate "C", b.asset_code collate "C"${lock ? ' for update of b' : ''}`;

const LOCK_ACCOUNTS = new FixedStatement(accountsText, [['v', PAIR_COLUMNS]]);
const READ_BALANCES = new FixedStatement((rows) => balancesText(rows, false), [['b_v', KEY_COLUMNS]]);
const LOCK_BALANCES = new FixedStatement((rows) => balancesText(rows, true), [['b_v', KEY_COLUMNS]]);
// Rows a credit needs are created first, in their own statement: a row inserted by a CTE
// is invisible to the rest of that statement, so it could not be locked in the same one.
// The insert's foreign-key check share-locks the accounts too; the rows it creates are new,
// so no other transaction can be waiting on them.
const ENSURE_AND_LOCK_ACCOUNTS = new FixedStatement(
  (accounts, ensure) => `with ensured as (
          insert into core_banking_balances (team_id, account_id, asset_code, available, reserved, updated_at)
          select a.team_id, a.id, e.asset_code, 0, 0, now()
          from ${ensure}
          join core_banking_accounts a on a.team_id = e.team_id and a.id = e.account_id
          order by e.account_id collate "C", e.asset_code collate "C"
          on conflict do nothing
          returning 1
        ) ${accountsText(accounts!)}`,
  [['v', PAIR_COLUMNS], ['e', KEY_COLUMNS]],
);
// One round trip: accounts first, then balance rows, each in the global lock order.
const lockBoth = (lock: boolean): FixedStatement =>
  new FixedStatement(
    (accounts, balances) => `with accounts as materialized (${accountsText(accounts!)}),
      balances as materialized (${balancesText(balances!, lock)})
      select 'account' as kind, team_id, id, status, null as account_id, null as asset_code, null as available, null as reserved from accounts
      union all
      select 'balance', team_id, null, null, account_id, asset_code, available, reserved from balances`,
    [['v', PAIR_COLUMNS], ['b_v', KEY_COLUMNS]],
  );
const LOCK_ACCOUNTS_AND_BALANCES = lockBoth(true);
const LOCK_ACCOUNTS_READ_BALANCES = lockBoth(false);
const LOCK_HOLDS = new FixedStatement(
  (rows) => `select h.team_id, h.id, h.account_id, h.asset_code, h.amount::text as amount, h.remaining::text as remaining,
             h.status, h.reference, h.created_at, h.updated_at
      from ${rows}
      join core_banking_holds h on h.team_id = v.team_id and h.id = v.id
      order by h.id collate "C"
      for update of h`,
  [['v', PAIR_COLUMNS]],
);
const UPDATE_BALANCES = new FixedStatement(
  (rows) => `update core_banking_balances as t
          set available = v.available, reserved = v.reserved, updated_at = $1
          from ${rows}
          where t.team_id = v.team_id and t.account_id = v.account_id and t.asset_code = v.asset_code`,
  [['v', [...KEY_COLUMNS, ['available', 'numeric'], ['reserved', 'numeric']]]],
  1,
);
const INSERT_MOVEMENTS = new FixedStatement(
  (rows) => `insert into core_banking_movements (team_id, id, kind, reference, created_at) select * from ${rows}`,
  [['v', [['team_id', 'text'], ['id', 'text'], ['kind', 'text'], ['reference', 'text'], ['created_at', 'timestamptz']]]],
);
const INSERT_ENTRIES = new FixedStatement(
  (rows) => `insert into core_banking_entries (team_id, movement_id, seq, account_id, asset_code, amount, created_at) select * from ${rows}`,
  [['v', [['team_id', 'text'], ['movement_id', 'text'], ['seq', 'smallint'], ['account_id', 'text'], ['asset_code', 'text'], ['amount', 'numeric'], ['created_at', 'timestamptz']]]],
);
const INSERT_HOLDS = new FixedStatement(
  (rows) => `insert into core_banking_holds (team_id, id, account_id, asset_code, amount, remaining, status, reference, created_at, updated_at)
          select * from ${rows}`,
  [['v', [['team_id', 'text'], ['id', 'text'], ['account_id', 'text'], ['asset_code', 'text'], ['amount', 'numeric'], ['remaining', 'numeric'],
    ['status', 'text'], ['reference', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz']]]],
);
const UPDATE_HOLDS = new FixedStatement(
  (rows) => `update core_banking_holds as t
          set remaining = v.remaining, status = v.status, updated_at = v.updated_at
          from ${rows}
          where t.team_id = v.team_id and t.id = v.id`,
  [['v', [['team_id', 'text'], ['id', 'text'], ['remaining', 'numeric'], ['status', 'text'], ['updated_at', 'timestamptz']]]],
);

const pairRows = (refs: readonly { readonly teamId: string; readonly accountId: string }[]): string[][] => refs.map((ref) => [ref.teamId, ref.accountId]);
const keyRows = (keys: readonly BalanceKey[]): string[][] => keys.map((key) => [key.teamId, key.accountId, key.assetCode]);

/**
 * The ledger's SQL statements. A batch of movements costs one round trip
 * whatever its size, to share-lock the accounts and lock the balance rows
 * FOR UPDATE in sorted order, or two when balance rows for credits must be
 * created first. Its writes (balances, movements with all their entries,
 * holds) are deferred and go with the transaction's other writes in one
 * statement. Every row is matched by its own team, so a batch may mix
 * teams. Rows travel as arrays and every statement is a FixedStatement
 * written once, so its text is the same for any batch size and a call
 * builds no query; and lookups join that row set rather than
 * `(team_id, id) in (…)`, which lets the planner factor a common team out
 * and scan a team-leading index instead of probing the primary key.
 */
@injectable()
export class SqlLedgerRepository implements LedgerRepository {
  async lock(tx: Tx, request: LockRequest): Promise<LockedLedger> {
    const { db } = sqlTx(tx);
    if (request.accounts.length === 0 && request.balances.length === 0) return { statuses: new Map(), rows: [] };
    const accounts = pairRows(request.accounts);
    if (request.ensure.length > 0) {
      const result = await ENSURE_AND_LOCK_ACCOUNTS.run<AccountColumns>(db, [], accounts, keyRows(request.ensure));
      return { statuses: statusMap(result.rows), rows: await this.#balances(tx, request.balances, request.lockRows) };
    }
    if (request.accounts.length === 0) return { statuses: new Map(), rows: await this.#balances(tx, request.balances, request.lockRows) };
    if (request.balances.length === 0) return { statuses: statusMap((await LOCK_ACCOUNTS.run<AccountColumns>(db, [], accounts)).rows), rows: [] };
    const both = request.lockRows ? LOCK_ACCOUNTS_AND_BALANCES : LOCK_ACCOUNTS_READ_BALANCES;
    const result = await both.run<AccountColumns & Partial<BalanceColumns> & { kind: 'account' | 'balance' }>(db, [], accounts, keyRows(request.balances));
    return {
      statuses: statusMap(result.rows.filter((row) => row.kind === 'account')),
      rows: result.rows.filter((row) => row.kind === 'balance').map((row) => toBalanceRow(row as BalanceColumns)).sort(compareKeys),
    };
  }

  readBalances(tx: Tx, keys: readonly BalanceKey[]): Promise<BalanceRow[]> {
    return this.#balances(tx, keys, false);
  }

  async #balances(tx: Tx, keys: readonly BalanceKey[], lock: boolean): Promise<BalanceRow[]> {
    if (keys.length === 0) return [];
    const result = await (lock ? LOCK_BALANCES : READ_BALANCES).run<BalanceColumns>(sqlTx(tx).db, [], keyRows(keys));
    return result.rows.map(toBalanceRow);
  }

  async accountBalances(tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]> {
    const { db } = sqlTx(tx);
    const result = await sql<BalanceColumns>`
      select team_id, account_id, asset_code, available::text as available, reserved::text as reserved
      from core_banking_balances
      where team_id = ${teamId} and account_id = ${accountId}
      order by asset_code collate "C"`.execute(db);
    return result.rows.map(toBalanceRow);
  }

  async systemBalance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<bigint> {
    const { db } = sqlTx(tx);
    const result = await sql<{ total: string }>`
      select coalesce(sum(amount), 0)::text as total from core_banking_entries
      where team_id = ${teamId} and account_id = ${accountId} and asset_code = ${assetCode}`.execute(db);
    return toBigInt(result.rows[0]?.total ?? '0');
  }

  async lockHolds(tx: Tx, refs: readonly { readonly teamId: string; readonly id: string }[]): Promise<HoldRecord[]> {
    if (refs.length === 0) return [];
    const result = await LOCK_HOLDS.run<Record<string, unknown>>(sqlTx(tx).db, [], refs.map((ref) => [ref.teamId, ref.id]));
    return result.rows.map(toHold);
  }

  /** Deferred: the transaction writes it with its next statement or its COMMIT, in one round trip with its other writes. */
  async write(tx: Tx, change: LedgerWrite): Promise<void> {
    const sqlTxn = sqlTx(tx);
    if (change.balances.length > 0) {
      sqlTxn.defer({
        table: 'core_banking_balances',
        kind: 'update',
        statement: UPDATE_BALANCES.bind(
          [change.at],
          change.balances.map((row) => [row.teamId, row.accountId, row.assetCode, row.available, row.reserved]),
        ),
        // Every row was locked by this transaction: fewer updated means a bug, never a race.
        expectRows: change.balances.length,
        what: 'ledger balance update',
      });
    }
    if (change.movements.length > 0) {
      sqlTxn.defer({
        table: 'core_banking_movements',
        kind: 'insert',
        statement: INSERT_MOVEMENTS.bind([], change.movements.map((m) => [m.teamId, m.id, m.kind, m.reference, m.createdAt])),
        what: 'ledger movements insert',
      });
      sqlTxn.defer({
        table: 'core_banking_entries',
        kind: 'insert',
        statement: INSERT_ENTRIES.bind([], change.movements.flatMap((m) => m.legs.map((leg, index) => [m.teamId, m.id, index, leg.accountId, leg.assetCode, leg.amount, m.createdAt]))),
        what: 'ledger entries insert',
      });
    }
    if (change.insertHolds.length > 0) {
      sqlTxn.defer({
        table: 'core_banking_holds',
        kind: 'insert',
        statement: INSERT_HOLDS.bind([], change.insertHolds.map((h) => [h.teamId, h.id, h.accountId, h.assetCode, h.amount, h.remaining, h.status, h.reference, h.createdAt, h.updatedAt])),
        what: 'ledger holds insert',
      });
    }
    if (change.updateHolds.length > 0) {
      sqlTxn.defer({
        table: 'core_banking_holds',
        kind: 'update',
        statement: UPDATE_HOLDS.bind([], change.updateHolds.map((u) => [u.teamId, u.id, u.remaining, u.status, u.updatedAt])),
        expectRows: change.updateHolds.length,
        what: 'ledger holds update',
      });
    }
  }
}

interface AccountColumns {
  team_id: string;
  id: string;
  status: AccountStatus;
}

function statusMap(rows: readonly AccountColumns[]): Map<string, AccountStatus> {
  return new Map(rows.map((row) => [refOf({ teamId: row.team_id, accountId: row.id }), row.status]));
}

interface BalanceColumns {
  team_id: string;
  account_id: string;
  asset_code: string;
  available: string;
  reserved: string;
}

function toBalanceRow(row: BalanceColumns): BalanceRow {
  return {
    teamId: row.team_id,
    accountId: row.account_id,
    assetCode: row.asset_code,
    available: toBigInt(row.available),
    reserved: toBigInt(row.reserved),
  };
}

function toHold(row: Record<string, unknown>): HoldRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    accountId: row.account_id as string,
    assetCode: row.asset_code as string,
    amount: toBigInt(row.amount),
    remaining: toBigInt(row.remaining),
    status: row.status as HoldRecord['status'],
    reference: (row.reference as string | null) ?? null,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
