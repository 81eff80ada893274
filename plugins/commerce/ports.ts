import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { InvoiceRecord } from './domain/invoice.js';
import type { MerchantRecord } from './domain/merchant.js';

/**
 * The plugin's repository, one implementation per store family, both held
 * to adapters/repository.contract.ts. Every method is scoped by team,
 * except the two an operator or a payer needs across teams (named so).
 */
export interface CommerceRepository {
  insertMerchant(tx: Tx, merchant: MerchantRecord): Promise<void>;
  findMerchant(tx: Tx, teamId: string, id: string): Promise<MerchantRecord | undefined>;
  /** Any team's merchant, locked until the unit of work ends: an operator's approval or suspension. */
  lockMerchantOfAnyTeam(tx: Tx, id: string): Promise<MerchantRecord | undefined>;
  /** Writes status, suspension reason and updated_at. */
  updateMerchant(tx: Tx, merchant: MerchantRecord): Promise<void>;
  /** Oldest first. */
  listMerchants(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<MerchantRecord>>;

  insertInvoice(tx: Tx, invoice: InvoiceRecord): Promise<void>;
  findInvoice(tx: Tx, teamId: string, id: string): Promise<InvoiceRecord | undefined>;
  /** The team's invoice, locked until the unit of work ends (a void and a payment run one after another). */
  lockInvoice(tx: Tx, teamId: string, id: string): Promise<InvoiceRecord | undefined>;
  /** The invoice with this pay code, of whichever team issued it; locked when `lock` (two payers never both pay it). */
  invoiceByPayCode(tx: Tx, payCode: string, lock: boolean): Promise<InvoiceRecord | undefined>;
  /** Writes status, paid_at, movement_id and updated_at. */
  updateInvoice(tx: Tx, invoice: InvoiceRecord): Promise<void>;
  /** Newest first. */
  listInvoices(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<InvoiceRecord>>;
}
export const CommerceRepository = token<CommerceRepository>('commerce.repository');
