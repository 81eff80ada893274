import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Read-only facts of core banking's transfers and transactions for other
 * modules (provided by core-banking): regtech builds travel-rule messages
 * and MiFIR reports from them. Both reads are scoped by team: another
 * team's record, like an unknown id, is undefined (the caller answers 404).
 * Amounts are bigint minor units of the asset.
 */
export interface TransferFacts {
  readonly id: string;
  readonly teamId: string;
  readonly fromAccount: string;
  readonly toAccount: string;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly assetCode: string;
  /** pending_review: held at settlement for a compliance review (the hold stays until an operator decides). */
  readonly status: 'pending' | 'pending_review' | 'completed' | 'failed' | 'expired' | 'reversed';
  readonly reference: string | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

export interface TransactionFacts {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly type: 'deposit' | 'withdrawal' | 'transfer';
  readonly amount: bigint;
  readonly assetCode: string;
  /** pending_review: the sender's side of a transfer held for a compliance review. */
  readonly status: 'pending' | 'pending_review' | 'completed' | 'failed';
  readonly reference: string | null;
  /** The transfer a transfer transaction belongs to (its sender's or receiver's side); null otherwise. */
  readonly transferId: string | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

export interface BankingRecords {
  transfer(tx: Tx, teamId: string, id: string): Promise<TransferFacts | undefined>;
  transaction(tx: Tx, teamId: string, id: string): Promise<TransactionFacts | undefined>;
}
export const BankingRecords = token<BankingRecords>('core-banking.banking-records');
