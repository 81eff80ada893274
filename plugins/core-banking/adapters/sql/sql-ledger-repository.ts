import { injectable } from 'inversify';
import { sql, type RawBuilder } from 'kysely';
import { sqlTx } from '../../../../adapters/sql/sql-tx.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { AccountStatus } from '../../domain/account.js';
import type { BalanceKey, BalanceRow } from '../../domain/ledger-rules.js';
import type { HoldRecord, LedgerRepository, LedgerWrite } from '../../ports.js';
import { toBigInt, toCount, toDate } from './sql-values.js';

const C = sql.raw('collate "C"');

function keyList(keys: readonly BalanceKey[]): RawBuilder<unknown> {
  return sql.join(keys.map((key) => sql`(${key.accountId}::text, ${key.assetCode}::text)`));
}

/**
 * The ledger's SQL statements. A money movement costs three round trips:
 * (1) share-lock the accounts, creating missing balance rows for credits in
 * the same statement; (2) lock the balance rows FOR UPDATE in sorted order;
 * (3) one statement with data-modifying CTEs that updates the balances,
 * inserts the movement and all its entries and inserts or updates the hold.
 * Nothing is kept between calls, so several movements can share one
 * database transaction.
 */
@injectable()
export class SqlLedgerRepository implements LedgerRepository {
  async lockAccounts(tx: Tx, teamId: string, accountIds: readonly string[], ensure: readonly BalanceKey[]): Promise<Map<string, AccountStatus>> {
    const { db } = sqlTx(tx);
    if (accountIds.length === 0) return new Map();
    const ids = sql.join(accountIds.map((id) => sql`${id}::text`));
    // The insert's foreign-key check share-locks the accounts too; the rows
    // it creates are new, so no other transaction can be waiting on them.
    const ensureRows =
      ensure.length === 0
        ? sql``
        : sql`with ensured as (
            insert into core_banking_balances (team_id, account_id, asset_code, available, reserved, updated_at)
            select a.team_id, a.id, v.asset_code, 0, 0, now()
            from (values ${keyList(ensure)}) as v (account_id, asset_code)
            join core_banking_accounts a on a.team_id = ${teamId} and a.id = v.account_id
            order by v.account_id ${C}, v.asset_code ${C}
            on conflict do nothing
            returning 1
          ) `;
    const result = await sql<{ id: string; status: AccountStatus }>`${ensureRows}
      select id, status from core_banking_accounts
      where team_id = ${teamId} and id in (${ids})
      order by id ${C}
      for key share`.execute(db);
    return new Map(result.rows.map((row) => [row.id, row.status]));
  }

  async lockBalances(tx: Tx, teamId: string, keys: readonly BalanceKey[], lock: boolean): Promise<BalanceRow[]> {
    if (keys.length === 0) return [];
    const { db } = sqlTx(tx);
    const result = await sql<{ account_id: string; asset_code: string; available: string; reserved: string }>`
      select account_id, asset_code, available::text as available, reserved::text as reserved
      from core_banking_balances
      where team_id = ${teamId} and (account_id, asset_code) in (${keyList(keys)})
      order by account_id ${C}, asset_code ${C}
      ${lock ? sql`for update` : sql``}`.execute(db);
    return result.rows.map(toBalanceRow);
  }

  async accountBalances(tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]> {
    const { db } = sqlTx(tx);
    const result = await sql<{ account_id: string; asset_code: string; available: string; reserved: string }>`
      select account_id, asset_code, available::text as available, reserved::text as reserved
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

  async lockHold(tx: Tx, teamId: string, holdId: string): Promise<HoldRecord | undefined> {
    const { db } = sqlTx(tx);
    const result = await sql<Record<string, unknown>>`
      select team_id, id, account_id, asset_code, amount::text as amount, remaining::text as remaining,
             status, reference, created_at, updated_at
      from core_banking_holds where team_id = ${teamId} and id = ${holdId}
      for update`.execute(db);
    const row = result.rows[0];
    return row ? toHold(row) : undefined;
  }

  async write(tx: Tx, teamId: string, change: LedgerWrite): Promise<void> {
    const { db } = sqlTx(tx);
    const parts: RawBuilder<unknown>[] = [];
    if (change.balances.length > 0) {
      const values = sql.join(
        change.balances.map(
          (row) => sql`(${row.accountId}::text, ${row.assetCode}::text, ${row.available.toString()}::numeric, ${row.reserved.toString()}::numeric)`,
        ),
      );
      parts.push(sql`balances as (
        update core_banking_balances as t
        set available = v.available, reserved = v.reserved, updated_at = ${change.at}
        from (values ${values}) as v (account_id, asset_code, available, reserved)
        where t.team_id = ${teamId} and t.account_id = v.account_id and t.asset_code = v.asset_code
        returning 1
      )`);
    }
    const movement = change.movement;
    if (movement) {
      parts.push(sql`movement as (
        insert into core_banking_movements (team_id, id, kind, reference, created_at)
        values (${teamId}, ${movement.id}, ${movement.kind}, ${movement.reference}, ${movement.createdAt})
        returning 1
      )`);
      const entries = sql.join(
        movement.legs.map(
          (leg, index) =>
            sql`(${teamId}::text, ${movement.id}::text, ${index}::smallint, ${leg.accountId}::text, ${leg.assetCode}::text, ${leg.amount.toString()}::numeric, ${movement.createdAt}::timestamptz)`,
        ),
      );
      parts.push(sql`entries as (
        insert into core_banking_entries (team_id, movement_id, seq, account_id, asset_code, amount, created_at)
        values ${entries}
        returning 1
      )`);
    }
    const hold = change.insertHold;
    if (hold) {
      parts.push(sql`new_hold as (
        insert into core_banking_holds (team_id, id, account_id, asset_code, amount, remaining, status, reference, created_at, updated_at)
        values (${teamId}, ${hold.id}, ${hold.accountId}, ${hold.assetCode}, ${hold.amount.toString()}::numeric,
                ${hold.remaining.toString()}::numeric, ${hold.status}, ${hold.reference}, ${hold.createdAt}, ${hold.updatedAt})
        returning 1
      )`);
    }
    const update = change.updateHold;
    if (update) {
      parts.push(sql`held as (
        update core_banking_holds
        set remaining = ${update.remaining.toString()}::numeric, status = ${update.status}, updated_at = ${update.updatedAt}
        where team_id = ${teamId} and id = ${update.id}
        returning 1
      )`);
    }
    if (parts.length === 0) return;
    const counted = change.balances.length > 0 ? sql`(select count(*) from balances)` : sql`0`;
    const result = await sql<{ updated: unknown }>`with ${sql.join(parts)} select ${counted} as updated`.execute(db);
    const updated = toCount(result.rows[0]?.updated);
    if (updated !== change.balances.length) {
      throw new Error(`ledger write updated ${updated} of ${change.balances.length} locked balance rows`);
    }
  }
}

function toBalanceRow(row: { account_id: string; asset_code: string; available: string; reserved: string }): BalanceRow {
  return { accountId: row.account_id, assetCode: row.asset_code, available: toBigInt(row.available), reserved: toBigInt(row.reserved) };
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
