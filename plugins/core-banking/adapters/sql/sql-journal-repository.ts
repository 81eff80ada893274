import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate } from '../../../../kit/sql.js';
import type { JournalEntryRow, JournalRepository, TrialBalanceRow } from '../../ports.js';

interface EntryRow {
  readonly movement_id: string;
  readonly seq: unknown;
  readonly account_id: string;
  readonly asset_code: string;
  readonly amount: string;
  readonly kind: string;
  readonly reference: string | null;
  readonly created_at: unknown;
}

const ENTRY_COLUMNS = sql.raw('e.movement_id, e.seq, e.account_id, e.asset_code, e.amount::text as amount, m.kind, m.reference, e.created_at');

function toRow(row: EntryRow): JournalEntryRow {
  return {
    movementId: row.movement_id,
    seq: Number(row.seq),
    accountId: row.account_id,
    holding: row.asset_code,
    amount: toBigInt(row.amount),
    kind: row.kind,
    reference: row.reference,
    createdAt: toDate(row.created_at),
  };
}

// Codes compare by code point, as in the memory adapter (the database's collation may differ).
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Journal reads of core_banking_entries joined to their movements; every statement scoped by team. */
@injectable()
export class SqlJournalRepository implements JournalRepository {
  async trialBalance(tx: Tx, teamId: string): Promise<TrialBalanceRow[]> {
    const { rows } = await sql<{ asset_code: string; account: string | null; accounts: unknown; debits: string; credits: string }>`
      select asset_code, case when account_id like 'system:%' then account_id end as account,
             count(distinct account_id) as accounts,
             coalesce(-sum(amount) filter (where amount < 0), 0)::text as debits,
             coalesce(sum(amount) filter (where amount > 0), 0)::text as credits
      from core_banking_entries where team_id = ${teamId}
      group by asset_code, case when account_id like 'system:%' then account_id end`.execute(sqlTx(tx).db);
    return rows
      .map((row) => ({ holding: row.asset_code, account: row.account, accounts: toCount(row.accounts), debits: toBigInt(row.debits), credits: toBigInt(row.credits) }))
      .sort((a, b) => byCode(a.holding, b.holding) || (a.account === null ? -1 : b.account === null ? 1 : byCode(a.account, b.account)));
  }

  async movementEntries(tx: Tx, teamId: string, movementId: string): Promise<JournalEntryRow[]> {
    const { rows } = await sql<EntryRow>`
      select ${ENTRY_COLUMNS} from core_banking_entries e join core_banking_movements m on m.id = e.movement_id
      where e.team_id = ${teamId} and m.team_id = ${teamId} and e.movement_id = ${movementId}
      order by e.seq`.execute(sqlTx(tx).db);
    return rows.map(toRow);
  }

  async accountEntries(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<JournalEntryRow>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<EntryRow>`
      select ${ENTRY_COLUMNS} from core_banking_entries e join core_banking_movements m on m.id = e.movement_id
      where e.team_id = ${teamId} and e.account_id = ${accountId}
      order by e.created_at desc, e.movement_id collate "C" desc, e.seq desc
      limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`
      select count(*) as n from core_banking_entries where team_id = ${teamId} and account_id = ${accountId}`.execute(db);
    return { items: rows.map(toRow), total: toCount(count.rows[0]?.n) };
  }
}
