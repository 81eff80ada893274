import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The commerce operations: one token each, shared by REST and GraphQL, and
 * the zod schema of every input and view (the one source of the TS types,
 * the OpenAPI components and the GraphQL types, derived in graphql/).
 */
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const EXAMPLE_CODE = 'pay_3q2b7c9d0e1f4a5b6c7d8e9f0a1b2c3d';
const AT = '2026-11-25T09:30:00Z';
const amount = z.string().describe('A decimal string in the asset, e.g. "125.00".');

export const merchantView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    settlement_account_id: z.uuid().describe('The team’s account that invoice payments are credited to.'),
    status: z.enum(['pending', 'approved', 'suspended']).describe('pending until an operator approves it; suspended merchants issue and take nothing.'),
    suspension_reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict()
  .meta({ id: 'Merchant', example: { id: EXAMPLE_ID, name: 'Corner Grocery', settlement_account_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d', status: 'approved', suspension_reason: null, created_at: AT, updated_at: AT } });
export type MerchantView = z.infer<typeof merchantView>;

export const applyMerchantInput = z
  .object({ name: z.string().trim().min(1).max(200), settlement_account_id: z.uuid().describe('One of the team’s active accounts.') })
  .meta({ id: 'MerchantApplicationInput', example: { name: 'Corner Grocery', settlement_account_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d' } });
export type ApplyMerchantInput = z.infer<typeof applyMerchantInput>;

export const idInput = z.object({ id: z.uuid() });
export type IdInput = z.infer<typeof idInput>;

export const suspendBody = z.object({ reason: z.string().trim().min(1).max(500) }).meta({ id: 'MerchantSuspensionInput', example: { reason: 'Chargeback rate above the agreed limit.' } });
export type SuspendMerchantInput = z.infer<typeof idInput> & z.infer<typeof suspendBody>;

const invoiceStatus = z.enum(['open', 'paid', 'void', 'expired']).describe('expired: still open when the due time passed (read from the clock).');

export const invoiceView = z
  .object({
    id: z.uuid(),
    merchant_id: z.uuid(),
    pay_code: z.string().describe('What the payer uses: GET and POST /commerce/pay/{pay_code} (the payment link).'),
    amount: decimal,
    asset_code: z.string(),
    description: z.string().nullable(),
    due_at: timestamp,
    status: invoiceStatus,
    paid_at: timestamp.nullable(),
    movement_id: z.string().nullable().describe('The ledger movement that credited the settlement account.'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict()
  .meta({
    id: 'Invoice',
    example: { id: EXAMPLE_ID, merchant_id: EXAMPLE_ID, pay_code: EXAMPLE_CODE, amount: '125.00', asset_code: 'USD', description: 'Order 1042', due_at: AT, status: 'open', paid_at: null, movement_id: null, created_at: AT, updated_at: AT },
  });
export type InvoiceView = z.infer<typeof invoiceView>;

export const createInvoiceInput = z
  .object({
    merchant_id: z.uuid().describe('One of the team’s approved merchants.'),
    amount,
    asset_code: z.string().min(1).max(12),
    description: z.string().trim().min(1).max(500).optional(),
    due_at: z.iso.datetime({ offset: true }).describe('When it expires unpaid; in the future.'),
  })
  .meta({ id: 'CreateInvoiceInput', example: { merchant_id: EXAMPLE_ID, amount: '125.00', asset_code: 'USD', description: 'Order 1042', due_at: AT } });
export type CreateInvoiceInput = z.infer<typeof createInvoiceInput>;

/** What a payer sees of an invoice by its pay code: nothing of the merchant's team but the merchant's name. */
export const paymentRequestView = z
  .object({ pay_code: z.string(), merchant_name: z.string(), amount: decimal, asset_code: z.string(), description: z.string().nullable(), due_at: timestamp, status: invoiceStatus })
  .strict()
  .meta({ id: 'PaymentRequest', example: { pay_code: EXAMPLE_CODE, merchant_name: 'Corner Grocery', amount: '125.00', asset_code: 'USD', description: 'Order 1042', due_at: AT, status: 'open' } });
export type PaymentRequestView = z.infer<typeof paymentRequestView>;

export const payCodeInput = z.object({ code: z.string().min(1).max(100) });
export type PayCodeInput = z.infer<typeof payCodeInput>;

export const payBody = z.object({ account_id: z.uuid().describe('The paying team’s account, holding the invoice’s asset.') }).meta({ id: 'PayInvoiceInput', example: { account_id: EXAMPLE_ID } });
export type PayInvoiceInput = z.infer<typeof payCodeInput> & z.infer<typeof payBody>;

export const invoicePaymentView = z
  .object({
    pay_code: z.string(),
    merchant_name: z.string(),
    amount: decimal,
    asset_code: z.string(),
    account_id: z.uuid().describe('The payer’s account that was debited.'),
    movement_id: z.string().describe('The payer’s ledger movement.'),
    paid_at: timestamp,
  })
  .strict()
  .meta({ id: 'InvoicePayment', example: { pay_code: EXAMPLE_CODE, merchant_name: 'Corner Grocery', amount: '125.00', asset_code: 'USD', account_id: EXAMPLE_ID, movement_id: EXAMPLE_ID, paid_at: AT } });
export type InvoicePaymentView = z.infer<typeof invoicePaymentView>;

export const listInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListInput = z.infer<typeof listInput>;

export const ApplyMerchant = token<Operation<ApplyMerchantInput, MerchantView>>('commerce.apply-merchant');
export const GetMerchant = token<Operation<IdInput, MerchantView>>('commerce.get-merchant');
export const ListMerchants = token<Operation<ListInput, Page<MerchantView>>>('commerce.list-merchants');
export const ApproveMerchant = token<Operation<IdInput, MerchantView>>('commerce.approve-merchant');
export const SuspendMerchant = token<Operation<SuspendMerchantInput, MerchantView>>('commerce.suspend-merchant');
export const CreateInvoice = token<Operation<CreateInvoiceInput, InvoiceView>>('commerce.create-invoice');
export const GetInvoice = token<Operation<IdInput, InvoiceView>>('commerce.get-invoice');
export const ListInvoices = token<Operation<ListInput, Page<InvoiceView>>>('commerce.list-invoices');
export const VoidInvoice = token<Operation<IdInput, InvoiceView>>('commerce.void-invoice');
export const GetPaymentRequest = token<Operation<PayCodeInput, PaymentRequestView>>('commerce.get-payment-request');
export const PayInvoice = token<Operation<PayInvoiceInput, InvoicePaymentView>>('commerce.pay-invoice');
