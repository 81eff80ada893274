import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { ActivityHistoryFilter, Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { IntentStatus, PaymentIntentRecord, RecipientKind } from '../../domain/payment-intent.js';
import type { BalanceMarkRepository, IntentTransition, PaymentIntentRepository, WalletRecord, WalletRepository } from '../../ports.js';

@injectable()
export class SqlWalletRepository implements WalletRepository {
  async put(tx: Tx, w: WalletRecord): Promise<void> {
    await sql`
      insert into mobile_wallets (team_id, user_id, account_id, updated_at) values (${w.teamId}, ${w.userId}, ${w.accountId}, ${w.updatedAt})
      on conflict (team_id, user_id) do update set account_id = excluded.account_id, updated_at = excluded.updated_at`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, userId: string): Promise<WalletRecord | undefined> {
    const { rows } = await sql<{ team_id: string; user_id: string; account_id: string; updated_at: unknown }>`
      select team_id, user_id, account_id, updated_at from mobile_wallets where team_id = ${teamId} and user_id = ${userId}`.execute(sqlTx(tx).db);
    const row = rows[0];
    return row && { teamId: row.team_id, userId: row.user_id, accountId: row.account_id, updatedAt: toDate(row.updated_at) };
  }

  async findByAccount(tx: Tx, teamId: string, accountId: string): Promise<WalletRecord[]> {
    const { rows } = await sql<{ team_id: string; user_id: string; account_id: string; updated_at: unknown }>`
      select team_id, user_id, account_id, updated_at from mobile_wallets where team_id = ${teamId} and account_id = ${accountId} order by user_id`.execute(sqlTx(tx).db);
    return rows.map((row) => ({ teamId: row.team_id, userId: row.user_id, accountId: row.account_id, updatedAt: toDate(row.updated_at) }));
  }
}

@injectable()
export class SqlBalanceMarkRepository implements BalanceMarkRepository {
  async swap(tx: Tx, teamId: string, accountId: string, assetCode: string, total: bigint): Promise<bigint> {
    const db = sqlTx(tx).db;
    // The consumer group runs one batch at a time, so reading then writing the mark is not raced.
    const { rows } = await sql<{ total: unknown }>`
      select total from mobile_balance_marks where team_id = ${teamId} and account_id = ${accountId} and asset_code = ${assetCode}`.execute(db);
    await sql`
      insert into mobile_balance_marks (team_id, account_id, asset_code, total) values (${teamId}, ${accountId}, ${assetCode}, ${total.toString()})
      on conflict (team_id, account_id, asset_code) do update set total = excluded.total`.execute(db);
    return rows[0] ? toBigInt(rows[0].total) : 0n;
  }
}

const COLUMNS = sql.raw(
  'id, team_id, user_id, account_id, amount, currency, recipient, recipient_kind, recipient_team_id, recipient_user_id, recipient_account_id, description, status, hold_id, failure_reason, expires_at, completed_at, created_at, updated_at',
);

interface IntentRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly account_id: string;
  readonly amount: unknown;
  readonly currency: string;
  readonly recipient: string;
  readonly recipient_kind: RecipientKind;
  readonly recipient_team_id: string;
  readonly recipient_user_id: string | null;
  readonly recipient_account_id: string;
  readonly description: string;
  readonly status: IntentStatus;
  readonly hold_id: string;
  readonly failure_reason: string | null;
  readonly expires_at: unknown;
  readonly completed_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

function toIntent(row: IntentRow): PaymentIntentRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    accountId: row.account_id,
    amount: toBigInt(row.amount),
    currency: row.currency,
    recipient: row.recipient,
    recipientKind: row.recipient_kind,
    recipientTeamId: row.recipient_team_id,
    recipientUserId: row.recipient_user_id,
    recipientAccountId: row.recipient_account_id,
    description: row.description,
    status: row.status,
    holdId: row.hold_id,
    failureReason: row.failure_reason,
    expiresAt: toDate(row.expires_at),
    completedAt: toDateOrNull(row.completed_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Intents in mobile_payment_intents; a transition is one conditional update, so racing transitions cannot both win. */
@injectable()
export class SqlPaymentIntentRepository implements PaymentIntentRepository {
  async insert(tx: Tx, i: PaymentIntentRecord): Promise<void> {
    await sql`
      insert into mobile_payment_intents (${COLUMNS})
      values (${i.id}, ${i.teamId}, ${i.userId}, ${i.accountId}, ${i.amount.toString()}, ${i.currency}, ${i.recipient}, ${i.recipientKind}, ${i.recipientTeamId},
              ${i.recipientUserId}, ${i.recipientAccountId}, ${i.description}, ${i.status}, ${i.holdId}, ${i.failureReason}, ${i.expiresAt}, ${i.completedAt},
              ${i.createdAt}, ${i.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<PaymentIntentRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<IntentRow>`select ${COLUMNS} from mobile_payment_intents where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toIntent(rows[0]);
  }

  async transition(tx: Tx, teamId: string, id: string, from: readonly IntentStatus[], to: IntentTransition): Promise<PaymentIntentRecord | undefined> {
    if (!UUID.test(id) || from.length === 0) return undefined;
    const reason = to.failureReason === undefined ? sql`failure_reason` : sql`${to.failureReason}::text`;
    const completed = to.completedAt === undefined ? sql`completed_at` : sql`${to.completedAt}::timestamptz`;
    const { rows } = await sql<IntentRow>`
      update mobile_payment_intents set status = ${to.status}, failure_reason = ${reason}, completed_at = ${completed}, updated_at = ${to.at}
      where team_id = ${teamId} and id = ${id} and status in (${sql.join(from.map((status) => sql`${status}`))})
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toIntent(rows[0]);
  }

  async expireDue(tx: Tx, now: Date, limit: number): Promise<PaymentIntentRecord[]> {
    const { rows } = await sql<IntentRow>`
      update mobile_payment_intents set status = 'expired', updated_at = ${now}
      where id in (
        select id from mobile_payment_intents
        where status = 'requires_confirmation' and expires_at <= ${now}
        order by expires_at, id limit ${limit}
        for update skip locked)
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows.map(toIntent).sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id.localeCompare(b.id));
  }

  async history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<PaymentIntentRecord[]> {
    const payer = filter.accountId === undefined ? sql`team_id = ${teamId}` : sql`(team_id = ${teamId} and account_id = ${filter.accountId})`;
    const payee = filter.accountId === undefined ? sql`recipient_team_id = ${teamId}` : sql`(recipient_team_id = ${teamId} and recipient_account_id = ${filter.accountId})`;
    const { rows } = await sql<IntentRow>`
      select ${COLUMNS} from mobile_payment_intents where (${payer} or ${payee})
        ${filter.from ? sql`and created_at >= ${filter.from}` : sql``}
        ${filter.before ? sql`and created_at < ${filter.before}` : sql``}
      order by created_at, id limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map(toIntent);
  }
}
