import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { InvoiceRecord, StoredInvoiceStatus } from '../../domain/invoice.js';
import type { MerchantRecord, MerchantStatus } from '../../domain/merchant.js';
import type { CommerceRepository } from '../../ports.js';

const MERCHANT = sql.raw('id, team_id, name, settlement_account_id, status, suspension_reason, created_at, updated_at');
const INVOICE = sql.raw('id, team_id, merchant_id, pay_code, amount::text as amount, asset_code, description, due_at, status, paid_at, movement_id, created_at, updated_at');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface MerchantRow {
  readonly id: string;
  readonly team_id: string;
  readonly name: string;
  readonly settlement_account_id: string;
  readonly status: MerchantStatus;
  readonly suspension_reason: string | null;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

interface InvoiceRow {
  readonly id: string;
  readonly team_id: string;
  readonly merchant_id: string;
  readonly pay_code: string;
  readonly amount: string;
  readonly asset_code: string;
  readonly description: string | null;
  readonly due_at: unknown;
  readonly status: StoredInvoiceStatus;
  readonly paid_at: unknown;
  readonly movement_id: string | null;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const toMerchant = (row: MerchantRow): MerchantRecord => ({
  id: row.id,
  teamId: row.team_id,
  name: row.name,
  settlementAccountId: row.settlement_account_id,
  status: row.status,
  suspensionReason: row.suspension_reason,
  createdAt: toDate(row.created_at),
  updatedAt: toDate(row.updated_at),
});

const toInvoice = (row: InvoiceRow): InvoiceRecord => ({
  id: row.id,
  teamId: row.team_id,
  merchantId: row.merchant_id,
  payCode: row.pay_code,
  amount: toBigInt(row.amount),
  assetCode: row.asset_code,
  description: row.description,
  dueAt: toDate(row.due_at),
  status: row.status,
  paidAt: toDateOrNull(row.paid_at),
  movementId: row.movement_id,
  createdAt: toDate(row.created_at),
  updatedAt: toDate(row.updated_at),
});

/** Merchants in commerce_merchants, invoices in commerce_invoices; every statement runs in the transaction it is given. */
@injectable()
export class SqlCommerceRepository implements CommerceRepository {
  async insertMerchant(tx: Tx, m: MerchantRecord): Promise<void> {
    await sql`
      insert into commerce_merchants (id, team_id, name, settlement_account_id, status, suspension_reason, created_at, updated_at)
      values (${m.id}, ${m.teamId}, ${m.name}, ${m.settlementAccountId}, ${m.status}, ${m.suspensionReason}, ${m.createdAt}, ${m.updatedAt})`.execute(sqlTx(tx).db);
  }

  async findMerchant(tx: Tx, teamId: string, id: string): Promise<MerchantRecord | undefined> {
    // An id that is no uuid names no merchant (a 404, not a cast error).
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<MerchantRow>`select ${MERCHANT} from commerce_merchants where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toMerchant(rows[0]);
  }

  async lockMerchantOfAnyTeam(tx: Tx, id: string): Promise<MerchantRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<MerchantRow>`select ${MERCHANT} from commerce_merchants where id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toMerchant(rows[0]);
  }

  async updateMerchant(tx: Tx, m: MerchantRecord): Promise<void> {
    await sql`
      update commerce_merchants set status = ${m.status}, suspension_reason = ${m.suspensionReason}, updated_at = ${m.updatedAt}
      where team_id = ${m.teamId} and id = ${m.id}`.execute(sqlTx(tx).db);
  }

  async listMerchants(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<MerchantRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<MerchantRow>`
      select ${MERCHANT} from commerce_merchants where team_id = ${teamId}
      order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from commerce_merchants where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toMerchant), total: toCount(count.rows[0]?.n) };
  }

  async insertInvoice(tx: Tx, i: InvoiceRecord): Promise<void> {
    await sql`
      insert into commerce_invoices (id, team_id, merchant_id, pay_code, amount, asset_code, description, due_at, status, paid_at, movement_id, created_at, updated_at)
      values (${i.id}, ${i.teamId}, ${i.merchantId}, ${i.payCode}, ${i.amount.toString()}, ${i.assetCode}, ${i.description}, ${i.dueAt}, ${i.status},
              ${i.paidAt}, ${i.movementId}, ${i.createdAt}, ${i.updatedAt})`.execute(sqlTx(tx).db);
  }

  findInvoice(tx: Tx, teamId: string, id: string): Promise<InvoiceRecord | undefined> {
    return this.#invoice(tx, teamId, id, false);
  }

  lockInvoice(tx: Tx, teamId: string, id: string): Promise<InvoiceRecord | undefined> {
    return this.#invoice(tx, teamId, id, true);
  }

  async #invoice(tx: Tx, teamId: string, id: string, lock: boolean): Promise<InvoiceRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<InvoiceRow>`
      select ${INVOICE} from commerce_invoices where team_id = ${teamId} and id = ${id} ${lock ? sql`for update` : sql``}`.execute(sqlTx(tx).db);
    return rows[0] && toInvoice(rows[0]);
  }

  async invoiceByPayCode(tx: Tx, payCode: string, lock: boolean): Promise<InvoiceRecord | undefined> {
    const { rows } = await sql<InvoiceRow>`
      select ${INVOICE} from commerce_invoices where pay_code = ${payCode} ${lock ? sql`for update` : sql``}`.execute(sqlTx(tx).db);
    return rows[0] && toInvoice(rows[0]);
  }

  async updateInvoice(tx: Tx, i: InvoiceRecord): Promise<void> {
    await sql`
      update commerce_invoices set status = ${i.status}, paid_at = ${i.paidAt}, movement_id = ${i.movementId}, updated_at = ${i.updatedAt}
      where team_id = ${i.teamId} and id = ${i.id}`.execute(sqlTx(tx).db);
  }

  async listInvoices(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<InvoiceRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<InvoiceRow>`
      select ${INVOICE} from commerce_invoices where team_id = ${teamId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from commerce_invoices where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toInvoice), total: toCount(count.rows[0]?.n) };
  }
}
