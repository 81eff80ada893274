import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import { DAY_COUNT_DENOMINATOR, type ActivationRecord, type ProductRecord } from '../domain/product.js';
import type { ActivationView, ProductView } from '../operations.js';

/** Places beyond the asset's precision the unpaid accrual is shown to (truncated). */
const EXTRA_PLACES = 8;

const precisionOf = (assets: AssetCatalog, code: string) => assets.find(code)?.precision ?? 0;

export function productView(assets: AssetCatalog, product: ProductRecord): ProductView {
  return {
    id: product.id,
    name: product.name,
    account_type: product.accountType,
    asset_code: product.assetCode,
    interest_rate: formatMinor(BigInt(product.interestRateBps), 2),
    monthly_fee: formatMinor(product.monthlyFee, precisionOf(assets, product.assetCode)),
    created_at: product.createdAt.toISOString(),
  };
}

export function activationView(assets: AssetCatalog, product: ProductRecord, activation: ActivationRecord): ActivationView {
  const precision = precisionOf(assets, product.assetCode);
  const unpaid = (activation.accruedRemainder * 10n ** BigInt(EXTRA_PLACES)) / DAY_COUNT_DENOMINATOR;
  return {
    id: activation.id,
    product_id: activation.productId,
    account_id: activation.accountId,
    activated_at: activation.activatedAt.toISOString(),
    accrued_through: activation.accruedThrough.toISOString(),
    interest_paid: formatMinor(activation.interestPaid, precision),
    interest_accrued_unpaid: formatMinor(unpaid, precision + EXTRA_PLACES),
    fees_charged: formatMinor(activation.feesCharged, precision),
    next_fee_at: activation.nextFeeAt?.toISOString() ?? null,
  };
}
