import { injectable } from 'inversify';
import { sql, type RawBuilder } from 'kysely';
import { sqlTx, toBigInt, toCount } from '../../../../kit/sql.js';
import { WORLD_ACCOUNT, type HoldingBalance, type Tx } from '../../../../kernel/public.js';
import type { CustomerDrift, HoldDrift, LedgerAudit, LedgerTotals, MovementImbalance, TeamAccounts, TeamSlice } from '../../ports.js';

/** `team_id` within the slice; every table leads its key or index with team_id, so a slice is an index range. */
function inSlice(teams: TeamSlice | undefined): RawBuilder<unknown> {
  const bounds = [sql`true`];
  if (teams?.after !== undefined) bounds.push(sql`team_id > ${teams.after}`);
  if (teams?.through !== undefined) bounds.push(sql`team_id <= ${teams.through}`);
  return sql.join(bounds, sql` and `);
}

/** Whole-ledger sums for the conservation check; reads every team (tests, operator audits). */
@injectable()
export class SqlLedgerAudit implements LedgerAudit {
  async holdingBalances(tx: Tx, codes: readonly string[]): Promise<HoldingBalance[]> {
    const result = await sql<{ team_id: string; account_id: string; asset_code: string; amount: string }>`
      select team_id, account_id, asset_code, (available + reserved)::text as amount
      from core_banking_balances where asset_code = any(${codes}::text[]) and available + reserved <> 0
      union all
      select team_id, account_id, asset_code, sum(amount)::text as amount
      from core_banking_entries
      where asset_code = any(${codes}::text[]) and account_id like 'system:%' and account_id <> ${WORLD_ACCOUNT}
      group by team_id, account_id, asset_code having sum(amount) <> 0`.execute(sqlTx(tx).db);
    return result.rows.map((row) => ({ teamId: row.team_id, accountId: row.account_id, code: row.asset_code, amount: toBigInt(row.amount) }));
  }

  async totals(tx: Tx): Promise<LedgerTotals[]> {
    const result = await sql<{ team_id: string; asset_code: string; account: string; total: string }>`
      select team_id, asset_code, 'customer' as account, sum(available + reserved)::text as total
      from core_banking_balances group by team_id, asset_code
      union all
      select team_id, asset_code, account_id as account, sum(amount)::text as total
      from core_banking_entries where account_id like 'system:%' group by team_id, asset_code, account_id`.execute(sqlTx(tx).db);
    const byKey = new Map<string, { teamId: string; assetCode: string; customerBalances: bigint; system: Record<string, bigint> }>();
    for (const row of result.rows) {
      const key = `${row.team_id}\u0000${row.asset_code}`;
      const totals = byKey.get(key) ?? { teamId: row.team_id, assetCode: row.asset_code, customerBalances: 0n, system: {} };
      if (row.account === 'customer') totals.customerBalances += toBigInt(row.total);
      else totals.system[row.account] = toBigInt(row.total);
      byKey.set(key, totals);
    }
    return [...byKey.values()];
  }

  async unbalancedMovements(tx: Tx): Promise<MovementImbalance[]> {
    const result = await sql<{ movement_id: string; asset_code: string; total: string }>`
      select movement_id, asset_code, sum(amount)::text as total from core_banking_entries
      group by movement_id, asset_code having sum(amount) <> 0`.execute(sqlTx(tx).db);
    return result.rows.map((row) => ({ movementId: row.movement_id, assetCode: row.asset_code, sum: toBigInt(row.total) }));
  }

  async accountsPerTeam(tx: Tx): Promise<TeamAccounts[]> {
    const result = await sql<{ team_id: string; accounts: unknown }>`
      select team_id, count(*) as accounts from core_banking_accounts group by team_id order by team_id`.execute(sqlTx(tx).db);
    return result.rows.map((row) => ({ teamId: row.team_id, accounts: toCount(row.accounts) }));
  }

  async drift(tx: Tx, teams?: TeamSlice): Promise<CustomerDrift[]> {
    const result = await sql<{ team_id: string; account_id: string; asset_code: string; balance: string; entries: string }>`
      with sums as (
        select team_id, account_id, asset_code, sum(amount) as total from core_banking_entries
        where account_id not like 'system:%' and ${inSlice(teams)} group by team_id, account_id, asset_code
      )
      select coalesce(b.team_id, s.team_id) as team_id, coalesce(b.account_id, s.account_id) as account_id,
             coalesce(b.asset_code, s.asset_code) as asset_code,
             coalesce(b.available + b.reserved, 0)::text as balance, coalesce(s.total, 0)::text as entries
      from (select * from core_banking_balances where ${inSlice(teams)}) b
      full outer join sums s on s.team_id = b.team_id and s.account_id = b.account_id and s.asset_code = b.asset_code
      where coalesce(b.available + b.reserved, 0) <> coalesce(s.total, 0)`.execute(sqlTx(tx).db);
    return result.rows.map((row) => ({
      teamId: row.team_id,
      accountId: row.account_id,
      assetCode: row.asset_code,
      balance: toBigInt(row.balance),
      entries: toBigInt(row.entries),
    }));
  }

  async holdDrift(tx: Tx): Promise<HoldDrift[]> {
    const result = await sql<{ team_id: string; account_id: string; asset_code: string; reserved: string; held: string }>`
      with held as (
        select team_id, account_id, asset_code, sum(remaining) as total from core_banking_holds
        where status = 'active' group by team_id, account_id, asset_code
      )
      select coalesce(b.team_id, h.team_id) as team_id, coalesce(b.account_id, h.account_id) as account_id,
             coalesce(b.asset_code, h.asset_code) as asset_code,
             coalesce(b.reserved, 0)::text as reserved, coalesce(h.total, 0)::text as held
      from core_banking_balances b
      full outer join held h on h.team_id = b.team_id and h.account_id = b.account_id and h.asset_code = b.asset_code
      where coalesce(b.reserved, 0) <> coalesce(h.total, 0)`.execute(sqlTx(tx).db);
    return result.rows.map((row) => ({
      teamId: row.team_id,
      accountId: row.account_id,
      assetCode: row.asset_code,
      reserved: toBigInt(row.reserved),
      held: toBigInt(row.held),
    }));
  }

  async negativeBalances(tx: Tx, teams?: TeamSlice): Promise<number> {
    const result = await sql<{ total: unknown }>`
      select count(*) as total from core_banking_balances where (available < 0 or reserved < 0) and ${inSlice(teams)}`.execute(sqlTx(tx).db);
    return toCount(result.rows[0]?.total);
  }
}
