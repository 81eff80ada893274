import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toCount, toDate } from '../../../../kit/sql.js';
import type { AuthorizationRecord, AuthorizationStatus } from '../../domain/authorization.js';
import type { CardholderRecord, CardRecord, CardStatus, DeclineReason } from '../../domain/card.js';
import type { CardRepository } from '../../ports.js';

const CARDHOLDER = sql.raw('id, team_id, name, email, created_at');
const CARD = sql.raw(
  'id, team_id, cardholder_id, account_id, currency, pan_ciphertext, last4, exp_month, exp_year, status, per_transaction_limit, daily_limit, allowed_categories, created_at, updated_at',
);
const AUTHORIZATION = sql.raw(
  'id, team_id, card_id, amount, currency, merchant_name, merchant_category, status, decline_reason, hold_id, captured_amount, released_amount, created_at, updated_at',
);

interface CardholderRow {
  readonly id: string;
  readonly team_id: string;
  readonly name: string;
  readonly email: string | null;
  readonly created_at: unknown;
}

interface CardRow {
  readonly id: string;
  readonly team_id: string;
  readonly cardholder_id: string;
  readonly account_id: string;
  readonly currency: string;
  readonly pan_ciphertext: string;
  readonly last4: string;
  readonly exp_month: number;
  readonly exp_year: number;
  readonly status: CardStatus;
  readonly per_transaction_limit: unknown;
  readonly daily_limit: unknown;
  readonly allowed_categories: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

interface AuthorizationRow {
  readonly id: string;
  readonly team_id: string;
  readonly card_id: string;
  readonly amount: unknown;
  readonly currency: string;
  readonly merchant_name: string;
  readonly merchant_category: string;
  readonly status: AuthorizationStatus;
  readonly decline_reason: DeclineReason | null;
  readonly hold_id: string | null;
  readonly captured_amount: unknown;
  readonly released_amount: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const toCardholder = (row: CardholderRow): CardholderRecord => ({ id: row.id, teamId: row.team_id, name: row.name, email: row.email, createdAt: toDate(row.created_at) });

/** jsonb arrives parsed from pg and PGlite alike; a string only from drivers that leave it as text. */
function categories(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as string[];
}

function toCard(row: CardRow): CardRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    cardholderId: row.cardholder_id,
    accountId: row.account_id,
    currency: row.currency,
    panCiphertext: row.pan_ciphertext,
    last4: row.last4,
    expMonth: Number(row.exp_month),
    expYear: Number(row.exp_year),
    status: row.status,
    perTransactionLimit: toBigIntOrNull(row.per_transaction_limit),
    dailyLimit: toBigIntOrNull(row.daily_limit),
    allowedCategories: categories(row.allowed_categories),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

function toAuthorization(row: AuthorizationRow): AuthorizationRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    cardId: row.card_id,
    amount: toBigInt(row.amount),
    currency: row.currency,
    merchantName: row.merchant_name,
    merchantCategory: row.merchant_category,
    status: row.status,
    declineReason: row.decline_reason,
    holdId: row.hold_id,
    capturedAmount: toBigInt(row.captured_amount),
    releasedAmount: toBigInt(row.released_amount),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

const text = (value: bigint | null) => (value === null ? null : value.toString());
const json = (value: readonly string[] | null) => (value === null ? null : JSON.stringify(value));

/** The card tables; every statement runs in the transaction it is given and names the team. */
@injectable()
export class SqlCardRepository implements CardRepository {
  async insertCardholder(tx: Tx, c: CardholderRecord): Promise<void> {
    await sql`insert into card_issuance_cardholders (id, team_id, name, email, created_at) values (${c.id}, ${c.teamId}, ${c.name}, ${c.email}, ${c.createdAt})`.execute(sqlTx(tx).db);
  }

  async findCardholder(tx: Tx, teamId: string, id: string): Promise<CardholderRecord | undefined> {
    const { rows } = await sql<CardholderRow>`select ${CARDHOLDER} from card_issuance_cardholders where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toCardholder(rows[0]);
  }

  async listCardholders(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CardholderRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<CardholderRow>`
      select ${CARDHOLDER} from card_issuance_cardholders where team_id = ${teamId} order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from card_issuance_cardholders where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toCardholder), total: toCount(count.rows[0]?.n) };
  }

  async insertCard(tx: Tx, c: CardRecord): Promise<void> {
    await sql`
      insert into card_issuance_cards (id, team_id, cardholder_id, account_id, currency, pan_ciphertext, last4, exp_month, exp_year, status,
        per_transaction_limit, daily_limit, allowed_categories, created_at, updated_at)
      values (${c.id}, ${c.teamId}, ${c.cardholderId}, ${c.accountId}, ${c.currency}, ${c.panCiphertext}, ${c.last4}, ${c.expMonth}, ${c.expYear}, ${c.status},
        ${text(c.perTransactionLimit)}, ${text(c.dailyLimit)}, ${json(c.allowedCategories)}::jsonb, ${c.createdAt}, ${c.updatedAt})`.execute(sqlTx(tx).db);
  }

  async findCard(tx: Tx, teamId: string, id: string): Promise<CardRecord | undefined> {
    const { rows } = await sql<CardRow>`select ${CARD} from card_issuance_cards where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toCard(rows[0]);
  }

  async lockCard(tx: Tx, teamId: string, id: string): Promise<CardRecord | undefined> {
    const { rows } = await sql<CardRow>`select ${CARD} from card_issuance_cards where team_id = ${teamId} and id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toCard(rows[0]);
  }

  async listCards(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CardRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<CardRow>`select ${CARD} from card_issuance_cards where team_id = ${teamId} order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from card_issuance_cards where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toCard), total: toCount(count.rows[0]?.n) };
  }

  async updateCard(tx: Tx, c: CardRecord): Promise<void> {
    await sql`
      update card_issuance_cards set status = ${c.status}, per_transaction_limit = ${text(c.perTransactionLimit)}, daily_limit = ${text(c.dailyLimit)},
        allowed_categories = ${json(c.allowedCategories)}::jsonb, updated_at = ${c.updatedAt}
      where team_id = ${c.teamId} and id = ${c.id}`.execute(sqlTx(tx).db);
  }

  async insertAuthorization(tx: Tx, a: AuthorizationRecord): Promise<void> {
    await sql`
      insert into card_issuance_authorizations (id, team_id, card_id, amount, currency, merchant_name, merchant_category, status, decline_reason, hold_id,
        captured_amount, released_amount, created_at, updated_at)
      values (${a.id}, ${a.teamId}, ${a.cardId}, ${a.amount.toString()}, ${a.currency}, ${a.merchantName}, ${a.merchantCategory}, ${a.status}, ${a.declineReason}, ${a.holdId},
        ${a.capturedAmount.toString()}, ${a.releasedAmount.toString()}, ${a.createdAt}, ${a.updatedAt})`.execute(sqlTx(tx).db);
  }

  async lockAuthorization(tx: Tx, teamId: string, id: string): Promise<AuthorizationRecord | undefined> {
    const { rows } = await sql<AuthorizationRow>`
      select ${AUTHORIZATION} from card_issuance_authorizations where team_id = ${teamId} and id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toAuthorization(rows[0]);
  }

  async updateAuthorization(tx: Tx, a: AuthorizationRecord): Promise<void> {
    await sql`
      update card_issuance_authorizations set status = ${a.status}, captured_amount = ${a.capturedAmount.toString()}, released_amount = ${a.releasedAmount.toString()},
        updated_at = ${a.updatedAt}
      where team_id = ${a.teamId} and id = ${a.id}`.execute(sqlTx(tx).db);
  }

  async listAuthorizations(tx: Tx, teamId: string, cardId: string, page: PageRequest): Promise<Slice<AuthorizationRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<AuthorizationRow>`
      select ${AUTHORIZATION} from card_issuance_authorizations where team_id = ${teamId} and card_id = ${cardId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from card_issuance_authorizations where team_id = ${teamId} and card_id = ${cardId}`.execute(db);
    return { items: rows.map(toAuthorization), total: toCount(count.rows[0]?.n) };
  }

  async openAuthorizations(tx: Tx, teamId: string, cardId: string): Promise<AuthorizationRecord[]> {
    const { rows } = await sql<AuthorizationRow>`
      select ${AUTHORIZATION} from card_issuance_authorizations
      where team_id = ${teamId} and card_id = ${cardId} and status in ('approved', 'partially_captured')
      order by seq for update`.execute(sqlTx(tx).db);
    return rows.map(toAuthorization);
  }

  async authorizationsSince(tx: Tx, teamId: string, cardId: string, since: Date): Promise<AuthorizationRecord[]> {
    const { rows } = await sql<AuthorizationRow>`
      select ${AUTHORIZATION} from card_issuance_authorizations
      where team_id = ${teamId} and card_id = ${cardId} and created_at >= ${since} order by seq`.execute(sqlTx(tx).db);
    return rows.map(toAuthorization);
  }
}
