import { ConflictError } from '../../../kernel/public.js';

/**
 * An invoice of a merchant: an amount of one asset due by a date, paid
 * once, by any team, through its pay code (the payment link). Stored
 * states are open, paid and void; an open invoice past its due time is
 * expired, read from the clock, so expiry needs no background job and is
 * exact to the instant. Pure rules only.
 */
export type StoredInvoiceStatus = 'open' | 'paid' | 'void';
export type InvoiceStatus = StoredInvoiceStatus | 'expired';

export interface InvoiceRecord {
  readonly id: string;
  readonly teamId: string;
  readonly merchantId: string;
  /** The unguessable code a payer uses (GET/POST /commerce/pay/{code}); it shows nothing but this invoice. */
  readonly payCode: string;
  readonly amount: bigint;
  readonly assetCode: string;
  readonly description: string | null;
  readonly dueAt: Date;
  readonly status: StoredInvoiceStatus;
  readonly paidAt: Date | null;
  /** The merchant team's movement that credited the settlement account. */
  readonly movementId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export function statusAt(invoice: InvoiceRecord, now: Date): InvoiceStatus {
  return invoice.status === 'open' && now.getTime() >= invoice.dueAt.getTime() ? 'expired' : invoice.status;
}

/** A 409 naming why the invoice cannot be paid at `now` (paid, void or expired); checked before any money moves. */
export function requirePayable(invoice: InvoiceRecord, now: Date): void {
  refuseUnlessOpen(invoice, now, 'paid');
}

/** The invoice paid at `now` by the merchant's movement, or a 409 naming why it cannot be paid. */
export function paid(invoice: InvoiceRecord, movementId: string, now: Date): InvoiceRecord {
  requirePayable(invoice, now);
  return { ...invoice, status: 'paid', paidAt: now, movementId, updatedAt: now };
}

/** A paid invoice stays paid; a void or expired one cannot be voided again. */
export function voided(invoice: InvoiceRecord, now: Date): InvoiceRecord {
  refuseUnlessOpen(invoice, now, 'voided');
  return { ...invoice, status: 'void', updatedAt: now };
}

function refuseUnlessOpen(invoice: InvoiceRecord, now: Date, action: string): void {
  const status = statusAt(invoice, now);
  if (status !== 'open') throw new ConflictError(`A ${status} invoice cannot be ${action}.`, `invoice_${status}`);
}
