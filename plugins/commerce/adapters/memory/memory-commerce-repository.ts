import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { InvoiceRecord } from '../../domain/invoice.js';
import type { MerchantRecord } from '../../domain/merchant.js';
import type { CommerceRepository } from '../../ports.js';

function slice<T>(rows: readonly T[], page: PageRequest): Slice<T> {
  const start = pageOffset(page);
  return { items: rows.slice(start, start + page.perPage), total: rows.length };
}

/**
 * Merchants and invoices in Maps (insertion order); every write is undone
 * if its unit of work rolls back. The memory store runs one unit of work
 * at a time, so a lock is a plain read.
 */
@injectable()
export class MemoryCommerceRepository implements CommerceRepository {
  readonly #merchants = new Map<string, MerchantRecord>();
  readonly #invoices = new Map<string, InvoiceRecord>();
  /** pay code → invoice id */
  readonly #codes = new Map<string, string>();

  async insertMerchant(tx: Tx, merchant: MerchantRecord): Promise<void> {
    putUndoable(tx, this.#merchants, merchant.id, merchant);
  }

  async findMerchant(_tx: Tx, teamId: string, id: string): Promise<MerchantRecord | undefined> {
    const merchant = this.#merchants.get(id);
    return merchant?.teamId === teamId ? merchant : undefined;
  }

  async lockMerchantOfAnyTeam(_tx: Tx, id: string): Promise<MerchantRecord | undefined> {
    return this.#merchants.get(id);
  }

  async updateMerchant(tx: Tx, merchant: MerchantRecord): Promise<void> {
    if (this.#merchants.get(merchant.id)?.teamId === merchant.teamId) putUndoable(tx, this.#merchants, merchant.id, merchant);
  }

  async listMerchants(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<MerchantRecord>> {
    return slice([...this.#merchants.values()].filter((one) => one.teamId === teamId), page);
  }

  async insertInvoice(tx: Tx, invoice: InvoiceRecord): Promise<void> {
    if (this.#codes.has(invoice.payCode)) throw new Error(`pay code ${invoice.payCode} is taken`);
    putUndoable(tx, this.#invoices, invoice.id, invoice);
    putUndoable(tx, this.#codes, invoice.payCode, invoice.id);
  }

  async findInvoice(_tx: Tx, teamId: string, id: string): Promise<InvoiceRecord | undefined> {
    const invoice = this.#invoices.get(id);
    return invoice?.teamId === teamId ? invoice : undefined;
  }

  lockInvoice(tx: Tx, teamId: string, id: string): Promise<InvoiceRecord | undefined> {
    return this.findInvoice(tx, teamId, id);
  }

  async invoiceByPayCode(_tx: Tx, payCode: string): Promise<InvoiceRecord | undefined> {
    const id = this.#codes.get(payCode);
    return id === undefined ? undefined : this.#invoices.get(id);
  }

  async updateInvoice(tx: Tx, invoice: InvoiceRecord): Promise<void> {
    if (this.#invoices.get(invoice.id)?.teamId === invoice.teamId) putUndoable(tx, this.#invoices, invoice.id, invoice);
  }

  async listInvoices(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<InvoiceRecord>> {
    return slice([...this.#invoices.values()].filter((one) => one.teamId === teamId).reverse(), page);
  }
}
