import { eventType } from '../../kernel/public.js';
import { invoicePaymentView, invoiceView, merchantView } from './operations.js';

/** Every state change of a merchant or an invoice commits with one of these; a payment also tells the paying team. */
const group = 'Commerce';
const merchant = (name: string, description: string, emittedBy: string) => eventType({ name, version: 1, group, description, emittedBy, payload: merchantView, webhook: true });
const invoice = (name: string, description: string, emittedBy: string) => eventType({ name, version: 1, group, description, emittedBy, payload: invoiceView, webhook: true });

export const MerchantApplied = merchant('commerce.merchant.applied', 'A team applied for a merchant; it is pending until an operator approves it.', 'POST /commerce/merchants, submitMerchantApplication');
export const MerchantApproved = merchant('commerce.merchant.approved', 'An operator approved a merchant (or approved a suspended one again): it issues invoices and is paid.', 'POST /commerce/merchants/{id}/approve, approveMerchant');
export const MerchantSuspended = merchant('commerce.merchant.suspended', 'An operator suspended a merchant: it issues no invoices and its open ones cannot be paid.', 'POST /commerce/merchants/{id}/suspend, suspendMerchant');
export const InvoiceCreated = invoice('commerce.invoice.created', 'A merchant issued an invoice; its pay_code is the payment link.', 'POST /commerce/invoices, createInvoice');
export const InvoiceVoided = invoice('commerce.invoice.voided', 'The merchant voided an open invoice: it can no longer be paid.', 'POST /commerce/invoices/{id}/void, voidInvoice');
export const InvoicePaid = invoice('commerce.invoice.paid', 'An invoice was paid: its amount was credited to the merchant’s settlement account (to the merchant’s team).', 'POST /commerce/pay/{code}, payInvoice');
export const InvoicePaymentSent = eventType({
  name: 'commerce.invoice.payment_sent',
  version: 1,
  group,
  description: 'The team paid an invoice from one of its accounts (to the paying team; the merchant’s team gets commerce.invoice.paid).',
  emittedBy: 'POST /commerce/pay/{code}, payInvoice',
  payload: invoicePaymentView,
  webhook: true,
});

export const commerceEvents = [MerchantApplied, MerchantApproved, MerchantSuspended, InvoiceCreated, InvoiceVoided, InvoicePaid, InvoicePaymentSent];
