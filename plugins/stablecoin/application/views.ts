import { formatMinor, type StablecoinReserve } from '../../../kernel/public.js';
import { coverageRatio, fullyReserved, type IssuanceRecord } from '../domain/reserve.js';
import type { StablecoinIssuanceView, StablecoinReserveView } from '../operations.js';

/** The API's views: snake_case, ISO 8601 times, amounts as decimal strings at the token's precision. */
export function reserveView(reserve: StablecoinReserve, now: Date): StablecoinReserveView {
  return {
    code: reserve.code,
    reference_asset: reserve.referenceAsset,
    outstanding_supply: formatMinor(reserve.outstandingSupply, reserve.precision),
    reserve_assets: formatMinor(reserve.reserveAssets, reserve.precision),
    coverage_ratio: coverageRatio(reserve),
    fully_reserved: fullyReserved(reserve),
    computed_at: now.toISOString(),
  };
}

export function issuanceView(issuance: IssuanceRecord, precision: number): StablecoinIssuanceView {
  return {
    id: issuance.id,
    kind: issuance.kind,
    code: issuance.code,
    reference_asset: issuance.referenceAsset,
    account_id: issuance.accountId,
    amount: formatMinor(issuance.amount, precision),
    movement_id: issuance.movementId,
    created_at: issuance.createdAt.toISOString(),
  };
}
