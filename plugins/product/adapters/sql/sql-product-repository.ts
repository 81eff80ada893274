import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { ActivationRecord, ProductRecord } from '../../domain/product.js';
import type { ProductRepository } from '../../ports.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRODUCT_COLUMNS = sql.raw('id, team_id, name, account_type, asset_code, interest_rate_bps, monthly_fee::text as monthly_fee, created_at');
const ACTIVATION_COLUMNS = sql.raw(
  'id, team_id, product_id, account_id, activated_at, accrued_through, accrued_remainder::text as accrued_remainder, interest_paid::text as interest_paid, fees_charged::text as fees_charged, next_fee_at, updated_at',
);

type Row = Record<string, unknown>;

function toProduct(row: Row): ProductRecord {
  return {
    id: String(row.id),
    teamId: String(row.team_id),
    name: String(row.name),
    accountType: String(row.account_type),
    assetCode: String(row.asset_code),
    interestRateBps: toCount(row.interest_rate_bps),
    monthlyFee: toBigInt(row.monthly_fee),
    createdAt: toDate(row.created_at),
  };
}

function toActivation(row: Row): ActivationRecord {
  return {
    id: String(row.id),
    teamId: String(row.team_id),
    productId: String(row.product_id),
    accountId: String(row.account_id),
    activatedAt: toDate(row.activated_at),
    accruedThrough: toDate(row.accrued_through),
    accruedRemainder: toBigInt(row.accrued_remainder),
    interestPaid: toBigInt(row.interest_paid),
    feesCharged: toBigInt(row.fees_charged),
    nextFeeAt: toDateOrNull(row.next_fee_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Products and activations in product_products and product_activations; every statement runs in the transaction it is given. */
@injectable()
export class SqlProductRepository implements ProductRepository {
  async insertProduct(tx: Tx, p: ProductRecord): Promise<void> {
    await sql`
      insert into product_products (id, team_id, name, account_type, asset_code, interest_rate_bps, monthly_fee, created_at)
      values (${p.id}, ${p.teamId}, ${p.name}, ${p.accountType}, ${p.assetCode}, ${p.interestRateBps}, ${p.monthlyFee.toString()}, ${p.createdAt})`.execute(sqlTx(tx).db);
  }

  async findProduct(tx: Tx, teamId: string, id: string): Promise<ProductRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Row>`select ${PRODUCT_COLUMNS} from product_products where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toProduct(rows[0]);
  }

  async listProducts(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ProductRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<Row>`
      select ${PRODUCT_COLUMNS} from product_products where team_id = ${teamId} order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from product_products where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toProduct), total: toCount(count.rows[0]?.n) };
  }

  async insertActivation(tx: Tx, a: ActivationRecord): Promise<boolean> {
    const { rows } = await sql<Row>`
      insert into product_activations (id, team_id, product_id, account_id, activated_at, accrued_through, accrued_remainder, interest_paid, fees_charged, next_fee_at, updated_at)
      values (${a.id}, ${a.teamId}, ${a.productId}, ${a.accountId}, ${a.activatedAt}, ${a.accruedThrough}, ${a.accruedRemainder.toString()},
              ${a.interestPaid.toString()}, ${a.feesCharged.toString()}, ${a.nextFeeAt}, ${a.updatedAt})
      on conflict (account_id) do nothing
      returning id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async findActivation(tx: Tx, teamId: string, id: string): Promise<ActivationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Row>`select ${ACTIVATION_COLUMNS} from product_activations where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toActivation(rows[0]);
  }

  async listActivations(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ActivationRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<Row>`
      select ${ACTIVATION_COLUMNS} from product_activations where team_id = ${teamId} order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from product_activations where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toActivation), total: toCount(count.rows[0]?.n) };
  }

  async claimDue(tx: Tx, day: Date, now: Date, limit: number): Promise<ActivationRecord[]> {
    const { rows } = await sql<Row>`
      select ${ACTIVATION_COLUMNS} from product_activations
      where accrued_through < ${day} or next_fee_at <= ${now}
      order by updated_at, id limit ${limit}
      for update skip locked`.execute(sqlTx(tx).db);
    return rows.map(toActivation);
  }

  async update(tx: Tx, a: ActivationRecord): Promise<void> {
    await sql`
      update product_activations set accrued_through = ${a.accruedThrough}, accrued_remainder = ${a.accruedRemainder.toString()},
        interest_paid = ${a.interestPaid.toString()}, fees_charged = ${a.feesCharged.toString()}, next_fee_at = ${a.nextFeeAt}, updated_at = ${a.updatedAt}
      where team_id = ${a.teamId} and id = ${a.id}`.execute(sqlTx(tx).db);
  }
}
