import { injectable } from 'inversify';
import { sql, type RawBuilder } from 'kysely';
import { sqlTx, toBigInt, toDate, unnestRows } from '../../../../kit/sql.js';
import type { Tx } from '../../../../kernel/public.js';
import type { AccountStatus } from '../../domain/account.js';
import { compareKeys, refOf, type BalanceKey, type BalanceRow } from '../../domain/ledger-rules.js';
import type { HoldRecord, LedgerRepository, LedgerWrite, LockedLedger, LockRequest } from '../../ports.js';

const C = sql.raw('collate "C"');

const KEY_COLUMNS = [
  ['team_id', 'text'],
  ['account_id', 'text'],
  ['asset_code', 'text'],
] as const;

function keyRows(keys: readonly BalanceKey[]): RawBuilder<unknown> {
  return unnestRows('v', KEY_COLUMNS, keys.map((key) => [key.teamId, key.accountId, key.assetCode]));
}

function pairRows(pairs: readonly (readonly [string, string])[]): RawBuilder<unknown> {
  return unnestRows('v', [['team_id', 'text'], ['id', 'text']], pairs);
}

/**
 * The ledger's SQL statements. A batch of movements costs one round trip
 * whatever its size, to share-lock the accounts and lock the balance rows
 * FOR UPDATE in sorted order, or two when balance rows for credits must be
 * created first. Its writes (balances, movements with all their entries,
 * holds) are deferred and go with the transaction's other writes in one
 * statement. Every row is matched by its own team, so a batch may mix
 * teams. Rows travel as arrays (unnestRows), so each statement's text is the
 * same for any batch size; and lookups join that row set rather than
 * `(team_id, id) in (…)`, which lets the planner factor a common team out
 * and scan a team-leading index instead of probing the primary key.
 */
@injectable()
export class SqlLedgerRepository implements LedgerRepository {
  async lock(tx: Tx, request: LockRequest): Promise<LockedLedger> {
    const { db } = sqlTx(tx);
    if (request.accounts.length === 0 && request.balances.length === 0) return { statuses: new Map(), rows: [] };
    const accounts = sql`select a.team_id, a.id, a.status from ${pairRows(request.accounts.map((ref) => [ref.teamId, ref.accountId]))}
      join core_banking_accounts a on a.team_id = v.team_id and a.id = v.id
      order by a.id ${C} for key share of a`;
    if (request.ensure.length > 0) {
      // Rows a credit needs are created first, in their own statement: a row inserted by a CTE
      // is invisible to the rest of that statement, so it could not be locked in the same one.
      // The insert's foreign-key check share-locks the accounts too; the rows it creates are new,
      // so no other transaction can be waiting on them.
      const result = await sql<AccountColumns>`with ensured as (
          insert into core_banking_balances (team_id, account_id, asset_code, available, reserved, updated_at)
          select a.team_id, a.id, v.asset_code, 0, 0, now()
          from ${keyRows(request.ensure)}
          join core_banking_accounts a on a.team_id = v.team_id and a.id = v.account_id
          order by v.account_id ${C}, v.asset_code ${C}
          on conflict do nothing
          returning 1
        ) ${accounts}`.execute(db);
      return { statuses: statusMap(result.rows), rows: await this.#balances(tx, request.balances, request.lockRows) };
    }
    if (request.accounts.length === 0) return { statuses: new Map(), rows: await this.#balances(tx, request.balances, request.lockRows) };
    if (request.balances.length === 0) return { statuses: statusMap((await accounts.execute(db)).rows as AccountColumns[]), rows: [] };
    // One round trip: accounts first, then balance rows, each in the global lock order.
    const result = await sql<AccountColumns & Partial<BalanceColumns> & { kind: 'account' | 'balance' }>`
      with accounts as materialized (${accounts}),
      balances as materialized (${this.#balanceQuery(request.balances, request.lockRows)})
      select 'account' as kind, team_id, id, status, null as account_id, null as asset_code, null as available, null as reserved from accounts
      union all
      select 'balance', team_id, null, null, account_id, asset_code, available, reserved from balances`.execute(db);
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
    const result = await this.#balanceQuery(keys, lock).execute(sqlTx(tx).db);
    return result.rows.map(toBalanceRow);
  }

  #balanceQuery(keys: readonly BalanceKey[], lock: boolean): RawBuilder<BalanceColumns> {
    return sql<BalanceColumns>`
      select b.team_id, b.account_id, b.asset_code, b.available::text as available, b.reserved::text as reserved
      from ${keyRows(keys)}
      join core_banking_balances b on b.team_id = v.team_id and b.account_id = v.account_id and b.asset_code = v.asset_code
      order by b.account_id ${C}, b.asset_code ${C}
      ${lock ? sql`for update of b` : sql``}`;
  }

  async accountBalances(tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]> {
    const { db } = sqlTx(tx);
    const result = await sql<BalanceColumns>`
      select team_id, account_id, asset_code, available::text as available, reserved::text as reserved
      from core_banking_balances
      where team_id = ${teamId} and account_id = ${accountId}
      order by asset_code ${C}`.execute(db);
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
    const { db } = sqlTx(tx);
    const result = await sql<Record<string, unknown>>`
      select h.team_id, h.id, h.account_id, h.asset_code, h.amount::text as amount, h.remaining::text as remaining,
             h.status, h.reference, h.created_at, h.updated_at
      from ${pairRows(refs.map((ref) => [ref.teamId, ref.id]))}
      join core_banking_holds h on h.team_id = v.team_id and h.id = v.id
      order by h.id ${C}
      for update of h`.execute(db);
    return result.rows.map(toHold);
  }

  /** Deferred: the transaction writes it with its next statement or its COMMIT, in one round trip with its other writes. */
  async write(tx: Tx, change: LedgerWrite): Promise<void> {
    const sqlTxn = sqlTx(tx);
    if (change.balances.length > 0) {
      const rows = unnestRows(
        'v',
        [...KEY_COLUMNS, ['available', 'numeric'], ['reserved', 'numeric']],
        change.balances.map((row) => [row.teamId, row.accountId, row.assetCode, row.available, row.reserved]),
      );
      sqlTxn.defer({
        table: 'core_banking_balances',
        kind: 'update',
        statement: sql`update core_banking_balances as t
          set available = v.available, reserved = v.reserved, updated_at = ${change.at}
          from ${rows}
          where t.team_id = v.team_id and t.account_id = v.account_id and t.asset_code = v.asset_code`,
        // Every row was locked by this transaction: fewer updated means a bug, never a race.
        expectRows: change.balances.length,
        what: 'ledger balance update',
      });
    }
    if (change.movements.length > 0) {
      const movements = unnestRows(
        'v',
        [['team_id', 'text'], ['id', 'text'], ['kind', 'text'], ['reference', 'text'], ['created_at', 'timestamptz']],
        change.movements.map((m) => [m.teamId, m.id, m.kind, m.reference, m.createdAt]),
      );
      sqlTxn.defer({
        table: 'core_banking_movements',
        kind: 'insert',
        statement: sql`insert into core_banking_movements (team_id, id, kind, reference, created_at) select * from ${movements}`,
        what: 'ledger movements insert',
      });
      const entries = unnestRows(
        'v',
        [['team_id', 'text'], ['movement_id', 'text'], ['seq', 'smallint'], ['account_id', 'text'], ['asset_code', 'text'], ['amount', 'numeric'], ['created_at', 'timestamptz']],
        change.movements.flatMap((m) => m.legs.map((leg, index) => [m.teamId, m.id, index, leg.accountId, leg.assetCode, leg.amount, m.createdAt])),
      );
      sqlTxn.defer({
        table: 'core_banking_entries',
        kind: 'insert',
        statement: sql`insert into core_banking_entries (team_id, movement_id, seq, account_id, asset_code, amount, created_at) select * from ${entries}`,
        what: 'ledger entries insert',
      });
    }
    if (change.insertHolds.length > 0) {
      const holds = unnestRows(
        'v',
        [['team_id', 'text'], ['id', 'text'], ['account_id', 'text'], ['asset_code', 'text'], ['amount', 'numeric'], ['remaining', 'numeric'],
          ['status', 'text'], ['reference', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz']],
        change.insertHolds.map((h) => [h.teamId, h.id, h.accountId, h.assetCode, h.amount, h.remaining, h.status, h.reference, h.createdAt, h.updatedAt]),
      );
      sqlTxn.defer({
        table: 'core_banking_holds',
        kind: 'insert',
        statement: sql`insert into core_banking_holds (team_id, id, account_id, asset_code, amount, remaining, status, reference, created_at, updated_at)
          select * from ${holds}`,
        what: 'ledger holds insert',
      });
    }
    if (change.updateHolds.length > 0) {
      const updates = unnestRows(
        'v',
        [['team_id', 'text'], ['id', 'text'], ['remaining', 'numeric'], ['status', 'text'], ['updated_at', 'timestamptz']],
        change.updateHolds.map((u) => [u.teamId, u.id, u.remaining, u.status, u.updatedAt]),
      );
      sqlTxn.defer({
        table: 'core_banking_holds',
        kind: 'update',
        statement: sql`update core_banking_holds as t
          set remaining = v.remaining, status = v.status, updated_at = v.updated_at
          from ${updates}
          where t.team_id = v.team_id and t.id = v.id`,
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
