import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import type { BatchRecord, ItemRecord } from '../domain/batch.js';
import type { BatchItemView, BatchView } from '../operations.js';

export function batchView(batch: BatchRecord): BatchView {
  return {
    id: batch.id,
    type: batch.type,
    status: batch.status,
    total: batch.total,
    completed: batch.completed,
    failed: batch.failed,
    pending: batch.total - batch.completed - batch.failed,
    created_at: batch.createdAt.toISOString(),
    completed_at: batch.completedAt?.toISOString() ?? null,
  };
}

export function itemView(assets: AssetCatalog, item: ItemRecord): BatchItemView {
  return {
    index: item.index,
    status: item.status,
    from_account: item.fromAccount,
    to_account: item.toAccount,
    asset_code: item.assetCode,
    amount: formatMinor(item.amount, assets.find(item.assetCode)?.precision ?? 0),
    reference: item.reference,
    movement_id: item.movementId,
    error_code: item.errorCode,
    error_detail: item.errorDetail,
    processed_at: item.processedAt?.toISOString() ?? null,
  };
}
