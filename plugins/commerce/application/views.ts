import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import { statusAt, type InvoiceRecord } from '../domain/invoice.js';
import type { MerchantRecord } from '../domain/merchant.js';
import type { InvoiceView, MerchantView, PaymentRequestView } from '../operations.js';

/** The API's views: snake_case, ISO 8601 times, amounts as decimal strings at the asset's precision; an invoice's status as of `now`. */
export function merchantView(merchant: MerchantRecord): MerchantView {
  return {
    id: merchant.id,
    name: merchant.name,
    settlement_account_id: merchant.settlementAccountId,
    status: merchant.status,
    suspension_reason: merchant.suspensionReason,
    created_at: merchant.createdAt.toISOString(),
    updated_at: merchant.updatedAt.toISOString(),
  };
}

export const money = (assets: AssetCatalog, code: string, minor: bigint) => formatMinor(minor, assets.find(code)?.precision ?? 0);

export function invoiceView(invoice: InvoiceRecord, assets: AssetCatalog, now: Date): InvoiceView {
  return {
    id: invoice.id,
    merchant_id: invoice.merchantId,
    pay_code: invoice.payCode,
    amount: money(assets, invoice.assetCode, invoice.amount),
    asset_code: invoice.assetCode,
    description: invoice.description,
    due_at: invoice.dueAt.toISOString(),
    status: statusAt(invoice, now),
    paid_at: invoice.paidAt?.toISOString() ?? null,
    movement_id: invoice.movementId,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

export function paymentRequestView(invoice: InvoiceRecord, merchant: MerchantRecord, assets: AssetCatalog, now: Date): PaymentRequestView {
  return {
    pay_code: invoice.payCode,
    merchant_name: merchant.name,
    amount: money(assets, invoice.assetCode, invoice.amount),
    asset_code: invoice.assetCode,
    description: invoice.description,
    due_at: invoice.dueAt.toISOString(),
    status: statusAt(invoice, now),
  };
}
