import { formatMinor, type AssetCatalog, type NewEvent } from '../../../kernel/public.js';
import type { BalanceRow } from '../domain/ledger-rules.js';
import type { AccountEventPayload, TransferEventPayload } from '../events.js';
import type { AccountView, BalanceView, TransactionView, TransferView } from '../operations.js';
import type { AccountRecord, TransactionRecord, TransferRecord } from '../ports.js';

/** Records → API views and event payloads (decimal strings at the asset precision). */
export function precisionOf(assets: AssetCatalog, assetCode: string): number {
  // An asset removed from the catalogue after use still renders, as whole units.
  return assets.find(assetCode)?.precision ?? 0;
}

export function accountView(account: AccountRecord): AccountView {
  return {
    uuid: account.id,
    name: account.name,
    type: account.type,
    status: account.status,
    metadata: account.metadata,
    created_at: account.createdAt.toISOString(),
  };
}

export function balanceView(assets: AssetCatalog, row: BalanceRow): BalanceView {
  const precision = precisionOf(assets, row.assetCode);
  return {
    asset_code: row.assetCode,
    available_balance: formatMinor(row.available, precision),
    reserved_balance: formatMinor(row.reserved, precision),
    total_balance: formatMinor(row.available + row.reserved, precision),
  };
}

export function transactionView(assets: AssetCatalog, row: TransactionRecord): TransactionView {
  const precision = precisionOf(assets, row.assetCode);
  return {
    uuid: row.id,
    account_uuid: row.accountId,
    type: row.type,
    amount: formatMinor(row.amount, precision),
    asset_code: row.assetCode,
    status: row.status,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    balance_after: row.balanceAfter === null ? null : formatMinor(row.balanceAfter, precision),
  };
}

export function transferView(assets: AssetCatalog, transfer: TransferRecord): TransferView {
  const precision = precisionOf(assets, transfer.assetCode);
  return {
    uuid: transfer.id,
    from_account: transfer.fromAccount,
    to_account: transfer.toAccount,
    amount: formatMinor(transfer.amount, precision),
    asset_code: transfer.assetCode,
    status: transfer.status,
    reference: transfer.reference,
    ...(transfer.workflowEnabled ? { workflow_id: transfer.workflowId } : {}),
    created_at: transfer.createdAt.toISOString(),
    estimated_completion: transfer.estimatedCompletion.toISOString(),
    metadata: transfer.metadata,
    fees: { transfer_fee: formatMinor(transfer.fee, precision), currency: transfer.assetCode },
  };
}

export function accountEvent(
  type: string,
  account: AccountRecord,
  previousStatus: AccountRecord['status'] | null,
  reason: string | null = null,
): NewEvent {
  const payload: AccountEventPayload = {
    account_uuid: account.id,
    name: account.name,
    type: account.type,
    status: account.status,
    previous_status: previousStatus,
    metadata: account.metadata,
    reason,
    created_at: account.createdAt.toISOString(),
  };
  return { type, teamId: account.teamId, aggregateType: 'account', aggregateId: account.id, payload };
}

export function transferEvent(assets: AssetCatalog, type: string, transfer: TransferRecord, reason: string | null = null): NewEvent {
  const precision = precisionOf(assets, transfer.assetCode);
  const payload: TransferEventPayload = {
    transfer_uuid: transfer.id,
    from_account: transfer.fromAccount,
    to_account: transfer.toAccount,
    amount: formatMinor(transfer.amount, precision),
    asset_code: transfer.assetCode,
    transfer_fee: formatMinor(transfer.fee, precision),
    total_debit: formatMinor(transfer.amount + transfer.fee, precision),
    status: transfer.status,
    reference: transfer.reference,
    workflow_id: transfer.workflowEnabled ? transfer.workflowId : null,
    reason,
  };
  return { type, teamId: transfer.teamId, aggregateType: 'transfer', aggregateId: transfer.id, payload };
}
