import { formatMinor, type NewEvent } from '../../../kernel/public.js';
import type { BalanceRow } from '../domain/ledger-rules.js';
import type { AccountEventPayload, MovementEventPayload, TransferEventPayload } from '../events.js';
import type { AccountView, BalanceView, TransactionView, TransferView } from '../operations.js';
import type { AccountRecord, TransactionRecord, TransferRecord } from '../ports.js';
import type { Holdings } from './holdings.js';

/** Records → API views and event payloads (decimal strings at the asset precision; holding codes as asset_code and chain). */

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

export function balanceView(holdings: Holdings, row: BalanceRow): BalanceView {
  const { assetCode, chain, precision } = holdings.describe(row.assetCode);
  return {
    asset_code: assetCode,
    chain,
    available_balance: formatMinor(row.available, precision),
    reserved_balance: formatMinor(row.reserved, precision),
    total_balance: formatMinor(row.available + row.reserved, precision),
  };
}

export function transactionView(holdings: Holdings, row: TransactionRecord): TransactionView {
  const { assetCode, chain, precision } = holdings.describe(row.assetCode);
  return {
    uuid: row.id,
    account_uuid: row.accountId,
    type: row.type,
    amount: formatMinor(row.amount, precision),
    asset_code: assetCode,
    chain,
    status: row.status,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    balance_after: row.balanceAfter === null ? null : formatMinor(row.balanceAfter, precision),
  };
}

/** deposit.completed or withdrawal.completed for a posted deposit or withdrawal row. */
export function movementEvent(holdings: Holdings, row: TransactionRecord, address: string | null): NewEvent {
  const { assetCode, chain, precision } = holdings.describe(row.assetCode);
  const payload: MovementEventPayload = {
    transaction_uuid: row.id,
    account_uuid: row.accountId,
    amount: formatMinor(row.amount, precision),
    asset_code: assetCode,
    chain,
    address,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  };
  return { type: row.type === 'deposit' ? 'deposit.completed' : 'withdrawal.completed', teamId: row.teamId, aggregateType: 'transaction', aggregateId: row.id, payload };
}

export function transferView(holdings: Holdings, transfer: TransferRecord): TransferView {
  const { assetCode, chain, precision } = holdings.describe(transfer.assetCode);
  return {
    uuid: transfer.id,
    from_account: transfer.fromAccount,
    to_account: transfer.toAccount,
    amount: formatMinor(transfer.amount, precision),
    asset_code: assetCode,
    chain,
    status: transfer.status,
    reference: transfer.reference,
    ...(transfer.workflowEnabled ? { workflow_id: transfer.workflowId } : {}),
    created_at: transfer.createdAt.toISOString(),
    estimated_completion: transfer.estimatedCompletion.toISOString(),
    metadata: transfer.metadata,
    fees: { transfer_fee: formatMinor(transfer.fee, precision), currency: assetCode },
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

export function transferEvent(holdings: Holdings, type: string, transfer: TransferRecord, reason: string | null = null): NewEvent {
  const { assetCode, chain, precision } = holdings.describe(transfer.assetCode);
  const payload: TransferEventPayload = {
    transfer_uuid: transfer.id,
    from_account: transfer.fromAccount,
    to_account: transfer.toAccount,
    amount: formatMinor(transfer.amount, precision),
    asset_code: assetCode,
    chain,
    transfer_fee: formatMinor(transfer.fee, precision),
    total_debit: formatMinor(transfer.amount + transfer.fee, precision),
    status: transfer.status,
    reference: transfer.reference,
    workflow_id: transfer.workflowEnabled ? transfer.workflowId : null,
    reason,
  };
  return { type, teamId: transfer.teamId, aggregateType: 'transfer', aggregateId: transfer.id, payload };
}
