import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import type { InvestmentRecord, RoundRecord } from '../domain/round.js';
import type { InvestmentView, RoundReportView, RoundView } from '../operations.js';

const precision = (assets: AssetCatalog, code: string) => assets.find(code)?.precision ?? 0;

export function roundView(assets: AssetCatalog, round: RoundRecord): RoundView {
  return {
    id: round.id,
    name: round.name,
    asset_code: round.assetCode,
    price_per_unit: formatMinor(round.pricePerUnit, precision(assets, round.assetCode)),
    min_units_per_investor: round.minUnits,
    max_units_per_investor: round.maxUnits,
    hard_cap_units: round.hardCapUnits,
    status: round.status,
    closes_at: round.closesAt.toISOString(),
    created_at: round.createdAt.toISOString(),
    closed_at: round.closedAt?.toISOString() ?? null,
  };
}

export function investmentView(assets: AssetCatalog, investment: InvestmentRecord): InvestmentView {
  const digits = precision(assets, investment.assetCode);
  const money = (minor: bigint | null) => (minor === null ? null : formatMinor(minor, digits));
  return {
    id: investment.id,
    round_id: investment.roundId,
    account_id: investment.accountId,
    asset_code: investment.assetCode,
    requested_units: investment.requestedUnits,
    paid: formatMinor(investment.paid, digits),
    status: investment.status,
    allocated_units: investment.allocatedUnits,
    cost: money(investment.cost),
    refund: money(investment.refund),
    refund_status: investment.refundStatus,
    payment_movement_id: investment.paymentMovementId,
    settlement_movement_id: investment.settlementMovementId,
    created_at: investment.createdAt.toISOString(),
    allocated_at: investment.allocatedAt?.toISOString() ?? null,
  };
}

/** A closed round's totals; raised and refunded are summed from its allocated investments. */
export function roundReport(assets: AssetCatalog, round: RoundRecord, investments: readonly InvestmentRecord[]): RoundReportView {
  const digits = precision(assets, round.assetCode);
  const raised = investments.reduce((sum, investment) => sum + (investment.cost ?? 0n), 0n);
  const refunded = investments.reduce((sum, investment) => sum + (investment.refundStatus === 'refunded' ? (investment.refund ?? 0n) : 0n), 0n);
  return {
    round: roundView(assets, round),
    investors: round.investors ?? investments.length,
    subscribed_units: String(round.subscribedUnits ?? investments.reduce((sum, investment) => sum + investment.requestedUnits, 0)),
    allocated_units: round.allocatedUnits ?? 0,
    raised: formatMinor(raised, digits),
    refunded: formatMinor(refunded, digits),
  };
}
