import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** What a history search may narrow by; every field optional (all of the team's transactions). */
export interface TransactionHistoryFilter {
  /** Transactions of this account only (it must be the team's; the caller checks with `accounts`). */
  readonly accountId?: string;
  /** Inclusive lower bound of created_at. */
  readonly from?: Date;
  /** Exclusive upper bound of created_at. */
  readonly before?: Date;
  readonly types?: readonly ('deposit' | 'withdrawal' | 'transfer')[];
  readonly statuses?: readonly ('pending' | 'pending_review' | 'completed' | 'failed')[];
  /** Asset codes (not holding codes): a holding on any chain matches its asset. */
  readonly assetCodes?: readonly string[];
}

/** One transaction row as the team sees it, with the names a question about it uses. */
export interface TransactionHistoryEntry {
  readonly id: string;
  readonly accountId: string;
  readonly accountName: string;
  readonly type: 'deposit' | 'withdrawal' | 'transfer';
  /** Minor units of the asset (always positive). */
  readonly amount: bigint;
  readonly precision: number;
  readonly assetCode: string;
  /** The chain of the holding; null off chain. */
  readonly chain: string | null;
  /**
   * pending_review: the sender's side of a transfer core banking holds at
   * settlement for a compliance review (the money is reserved, not moved);
   * it becomes completed or failed when an operator decides.
   */
  readonly status: 'pending' | 'pending_review' | 'completed' | 'failed';
  /** sent: money left the account (withdrawals, outgoing transfers); received: it came in. */
  readonly direction: 'sent' | 'received';
  /** The transfer a transfer row belongs to (sender's or receiver's side); null for deposits and withdrawals. */
  readonly transferId: string | null;
  /** The other account of a transfer; null for deposits and withdrawals. */
  readonly counterparty: { readonly accountId: string; readonly name: string } | null;
  readonly reference: string | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

/**
 * Read access to the team's transaction history for other modules
 * (provided by core banking; read by the natural-language queries of `ai`).
 * Scoped by team in every call; nothing here changes state.
 */
export interface TransactionHistory {
  /** Matching transactions, oldest first (created_at, then id), at most `limit`; `truncated` when more matched. */
  search(tx: Tx, teamId: string, filter: TransactionHistoryFilter, limit: number): Promise<{ readonly entries: TransactionHistoryEntry[]; readonly truncated: boolean }>;
  /** The team's accounts by id and name, oldest first. */
  accounts(tx: Tx, teamId: string): Promise<Array<{ readonly id: string; readonly name: string }>>;
}
export const TransactionHistory = token<TransactionHistory>('core-banking.transaction-history');
