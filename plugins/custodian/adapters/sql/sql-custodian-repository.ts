import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate } from '../../../../kit/sql.js';
import type { BalanceRecord, CustodianAccountRecord, LinkStatus } from '../../domain/custodian-account.js';
import type { CustodianRepository, SimulatedAccount } from '../../ports.js';

const ACCOUNT = sql.raw('id, team_id, account_id, custodian, external_id, status, last_synced_at, created_at, updated_at');

interface AccountRow {
  readonly id: string;
  readonly team_id: string;
  readonly account_id: string;
  readonly custodian: string;
  readonly external_id: string;
  readonly status: LinkStatus;
  readonly last_synced_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

interface BalanceRow {
  readonly team_id: string;
  readonly custodian_account_id: string;
  readonly holding: string;
  readonly custodian_balance: unknown;
  readonly ledger_balance: unknown;
  readonly synced_at: unknown;
}

const toAccount = (row: AccountRow): CustodianAccountRecord => ({
  id: row.id,
  teamId: row.team_id,
  accountId: row.account_id,
  custodian: row.custodian,
  externalId: row.external_id,
  status: row.status,
  lastSyncedAt: row.last_synced_at === null || row.last_synced_at === undefined ? null : toDate(row.last_synced_at),
  createdAt: toDate(row.created_at),
  updatedAt: toDate(row.updated_at),
});

const toBalance = (row: BalanceRow): BalanceRecord => ({
  teamId: row.team_id,
  custodianAccountId: row.custodian_account_id,
  holding: row.holding,
  custodianBalance: toBigInt(row.custodian_balance),
  ledgerBalance: toBigInt(row.ledger_balance),
  syncedAt: toDate(row.synced_at),
});

/** jsonb arrives parsed from pg and PGlite alike; a string only from drivers that leave it as text. Amounts are strings in it (bigints). */
function balancesFrom(value: unknown): Map<string, bigint> {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;
  return new Map(Object.entries(parsed).map(([holding, amount]) => [holding, BigInt(amount)]));
}

/** The custodian tables; every statement runs in the transaction it is given. */
@injectable()
export class SqlCustodianRepository implements CustodianRepository {
  async insertAccount(tx: Tx, a: CustodianAccountRecord): Promise<boolean> {
    const result = await sql`
      insert into custodian_accounts (id, team_id, account_id, custodian, external_id, status, last_synced_at, created_at, updated_at)
      values (${a.id}, ${a.teamId}, ${a.accountId}, ${a.custodian}, ${a.externalId}, ${a.status}, ${a.lastSyncedAt}, ${a.createdAt}, ${a.updatedAt})
      on conflict (team_id, account_id, custodian) where status = 'linked' do nothing`.execute(sqlTx(tx).db);
    return Number(result.numAffectedRows ?? 0n) === 1;
  }

  async findAccount(tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord | undefined> {
    const { rows } = await sql<AccountRow>`select ${ACCOUNT} from custodian_accounts where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toAccount(rows[0]);
  }

  async lockAccount(tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord | undefined> {
    const { rows } = await sql<AccountRow>`select ${ACCOUNT} from custodian_accounts where team_id = ${teamId} and id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toAccount(rows[0]);
  }

  async findLinked(tx: Tx, teamId: string, accountId: string, custodian: string): Promise<CustodianAccountRecord | undefined> {
    const { rows } = await sql<AccountRow>`
      select ${ACCOUNT} from custodian_accounts where team_id = ${teamId} and account_id = ${accountId} and custodian = ${custodian} and status = 'linked'`.execute(sqlTx(tx).db);
    return rows[0] && toAccount(rows[0]);
  }

  async listAccounts(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CustodianAccountRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<AccountRow>`select ${ACCOUNT} from custodian_accounts where team_id = ${teamId} order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from custodian_accounts where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toAccount), total: toCount(count.rows[0]?.n) };
  }

  async updateAccount(tx: Tx, a: CustodianAccountRecord): Promise<void> {
    await sql`
      update custodian_accounts set status = ${a.status}, last_synced_at = ${a.lastSyncedAt}, updated_at = ${a.updatedAt}
      where team_id = ${a.teamId} and id = ${a.id}`.execute(sqlTx(tx).db);
  }

  async replaceBalances(tx: Tx, teamId: string, custodianAccountId: string, balances: readonly BalanceRecord[]): Promise<void> {
    const db = sqlTx(tx).db;
    await sql`delete from custodian_balances where team_id = ${teamId} and custodian_account_id = ${custodianAccountId}`.execute(db);
    for (const b of balances) {
      await sql`
        insert into custodian_balances (team_id, custodian_account_id, holding, custodian_balance, ledger_balance, synced_at)
        values (${teamId}, ${custodianAccountId}, ${b.holding}, ${b.custodianBalance.toString()}, ${b.ledgerBalance.toString()}, ${b.syncedAt})`.execute(db);
    }
  }

  async balances(tx: Tx, teamId: string, custodianAccountId: string): Promise<BalanceRecord[]> {
    const { rows } = await sql<BalanceRow>`
      select team_id, custodian_account_id, holding, custodian_balance, ledger_balance, synced_at from custodian_balances
      where team_id = ${teamId} and custodian_account_id = ${custodianAccountId} order by holding`.execute(sqlTx(tx).db);
    return rows.map(toBalance);
  }

  async loadSimulated(tx: Tx, externalId: string): Promise<SimulatedAccount | undefined> {
    const { rows } = await sql<{ external_id: string; syncs: number; balances: unknown }>`
      select external_id, syncs, balances from custodian_simulated_accounts where external_id = ${externalId} for update`.execute(sqlTx(tx).db);
    const row = rows[0];
    return row && { externalId: row.external_id, syncs: Number(row.syncs), balances: balancesFrom(row.balances) };
  }

  async saveSimulated(tx: Tx, s: SimulatedAccount): Promise<void> {
    const balances = JSON.stringify(Object.fromEntries([...s.balances].map(([holding, amount]) => [holding, amount.toString()])));
    await sql`
      insert into custodian_simulated_accounts (external_id, syncs, balances) values (${s.externalId}, ${s.syncs}, ${balances}::jsonb)
      on conflict (external_id) do update set syncs = excluded.syncs, balances = excluded.balances`.execute(sqlTx(tx).db);
  }
}
