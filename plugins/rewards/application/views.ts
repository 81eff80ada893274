import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import type { EarningRecord, ProfileRecord, QuestProgressRecord, QuestRecord, RedemptionRecord } from '../domain/rewards.js';
import type { EarningView, ProfileView, QuestView, RedemptionView } from '../operations.js';

/** The API's views: snake_case, ISO 8601 times, points and amounts as strings. */
export function profileView(profile: ProfileRecord): ProfileView {
  return { status: profile.status, points: profile.points.toString(), lifetime_points: profile.lifetimePoints.toString(), created_at: profile.createdAt.toISOString(), updated_at: profile.updatedAt.toISOString() };
}

export function earningView(earning: EarningRecord, assets: AssetCatalog): EarningView {
  const precision = earning.assetCode ? (assets.find(earning.assetCode)?.precision ?? 0) : 0;
  return {
    id: earning.id,
    source: earning.source,
    source_id: earning.sourceId,
    asset_code: earning.assetCode,
    basis: earning.assetCode ? formatMinor(earning.basis, precision) : null,
    points: earning.points.toString(),
    created_at: earning.createdAt.toISOString(),
  };
}

export function questView(quest: QuestRecord, period: string, progress: QuestProgressRecord | undefined): QuestView {
  return {
    id: quest.id,
    name: quest.name,
    event: quest.event,
    target: quest.target,
    bonus_points: quest.bonusPoints.toString(),
    period,
    progress: progress?.count ?? 0,
    completed_at: progress?.completedAt?.toISOString() ?? null,
  };
}

export function redemptionView(redemption: RedemptionRecord, assets: AssetCatalog): RedemptionView {
  return {
    id: redemption.id,
    points: redemption.points.toString(),
    account_id: redemption.accountId,
    asset_code: redemption.assetCode,
    amount: formatMinor(redemption.amount, assets.find(redemption.assetCode)?.precision ?? 0),
    movement_id: redemption.movementId,
    created_at: redemption.createdAt.toISOString(),
  };
}
