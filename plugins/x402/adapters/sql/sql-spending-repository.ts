import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toDate } from '../../../../kit/sql.js';
import type { Budget, SpendingLimit } from '../../domain/spending.js';
import type { SpendingRepository } from '../../ports.js';

interface LimitRow {
  readonly team_id: string;
  readonly subject: string;
  readonly name: string;
  readonly daily_cents: unknown;
  readonly monthly_cents: unknown;
  readonly per_request_cents: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const toLimit = (row: LimitRow): SpendingLimit => ({
  teamId: row.team_id,
  subject: row.subject,
  name: row.name,
  dailyCents: toBigIntOrNull(row.daily_cents),
  monthlyCents: toBigIntOrNull(row.monthly_cents),
  perRequestCents: toBigIntOrNull(row.per_request_cents),
  createdAt: toDate(row.created_at),
  updatedAt: toDate(row.updated_at),
});

const COLUMNS = sql.raw('team_id, subject, name, daily_cents, monthly_cents, per_request_cents, created_at, updated_at');
const text = (cents: bigint | null) => (cents === null ? null : cents.toString());

/** Limits in x402_spending_limits; the counters in x402_spending, each reservation one conditional upsert under the row's lock. */
@injectable()
export class SqlSpendingRepository implements SpendingRepository {
  async find(tx: Tx, teamId: string, subject: string): Promise<SpendingLimit | undefined> {
    const { rows } = await sql<LimitRow>`select ${COLUMNS} from x402_spending_limits where team_id = ${teamId} and subject = ${subject}`.execute(sqlTx(tx).db);
    return rows[0] && toLimit(rows[0]);
  }

  async list(tx: Tx, teamId: string): Promise<SpendingLimit[]> {
    const { rows } = await sql<LimitRow>`
      select ${COLUMNS} from x402_spending_limits where team_id = ${teamId} order by (subject <> 'team'), seq`.execute(sqlTx(tx).db);
    return rows.map(toLimit);
  }

  async put(tx: Tx, l: SpendingLimit): Promise<void> {
    await sql`
      insert into x402_spending_limits (team_id, subject, name, daily_cents, monthly_cents, per_request_cents, created_at, updated_at)
      values (${l.teamId}, ${l.subject}, ${l.name}, ${text(l.dailyCents)}, ${text(l.monthlyCents)}, ${text(l.perRequestCents)}, ${l.createdAt}, ${l.updatedAt})
      on conflict (team_id, subject) do update set name = excluded.name, daily_cents = excluded.daily_cents, monthly_cents = excluded.monthly_cents,
        per_request_cents = excluded.per_request_cents, updated_at = excluded.updated_at`.execute(sqlTx(tx).db);
  }

  async delete(tx: Tx, teamId: string, subject: string): Promise<boolean> {
    const { rows } = await sql`delete from x402_spending_limits where team_id = ${teamId} and subject = ${subject} returning subject`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async reserve(tx: Tx, teamId: string, budgets: readonly Budget[], cents: bigint): Promise<boolean> {
    const db = sqlTx(tx).db;
    const counted: Budget[] = [];
    for (const budget of budgets) {
      // Without a cap the condition is always true; with one, the first row is only inserted within it and an update only adds within it.
      const cap = budget.capCents === null ? null : budget.capCents.toString();
      const { rows } = await sql`
        insert into x402_spending (team_id, subject, period, spent_cents)
        select ${teamId}, ${budget.subject}, ${budget.period}, ${cents.toString()}::bigint
        where ${cap}::bigint is null or ${cents.toString()}::bigint <= ${cap}::bigint
        on conflict (team_id, subject, period) do update set spent_cents = x402_spending.spent_cents + excluded.spent_cents
        where ${cap}::bigint is null or x402_spending.spent_cents + excluded.spent_cents <= ${cap}::bigint
        returning spent_cents`.execute(db);
      if (rows.length === 0) {
        // Under the locks this transaction holds on them, the earlier counters are given back: all or nothing.
        await this.release(tx, teamId, counted, cents);
        return false;
      }
      counted.push(budget);
    }
    return true;
  }

  async release(tx: Tx, teamId: string, budgets: readonly Omit<Budget, 'capCents'>[], cents: bigint): Promise<void> {
    for (const budget of budgets) {
      await sql`
        update x402_spending set spent_cents = greatest(spent_cents - ${cents.toString()}::bigint, 0)
        where team_id = ${teamId} and subject = ${budget.subject} and period = ${budget.period}`.execute(sqlTx(tx).db);
    }
  }

  async spent(tx: Tx, teamId: string, subject: string, period: string): Promise<bigint> {
    const { rows } = await sql<{ spent_cents: unknown }>`
      select spent_cents from x402_spending where team_id = ${teamId} and subject = ${subject} and period = ${period}`.execute(sqlTx(tx).db);
    return rows[0] ? toBigInt(rows[0].spent_cents) : 0n;
  }
}
