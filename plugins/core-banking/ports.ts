import type { PageRequest } from '../../kernel/contract/page.js';
import { token } from '../../kernel/contract/token.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { AccountStatus } from './domain/account.js';
import type { BalanceKey, BalanceRow, Leg } from './domain/ledger-rules.js';
import type { TransactionFilter, TransactionSort, TransactionStatus, TransactionType } from './domain/transaction-query.js';
import type { TransferStatus } from './domain/transfer.js';

/**
 * Core banking's private ports: its repositories, used only by this plugin
 * and its own adapters. Every method works inside the transaction it is
 * given, scopes every query by team, and keeps no per-call state, so several
 * operations may later share one database transaction (group commit).
 * Amounts are bigint minor units.
 */
export interface AccountRecord {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  readonly type: string;
  readonly status: AccountStatus;
  readonly metadata: Record<string, unknown>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface Slice<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export interface AccountRepository {
  insert(tx: Tx, account: AccountRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<AccountRecord | undefined>;
  /**
   * The account row locked against every money movement on it (SELECT … FOR
   * UPDATE, which waits for the movements' FOR KEY SHARE). Status changes take it.
   */
  lockForStatusChange(tx: Tx, teamId: string, id: string): Promise<AccountRecord | undefined>;
  setStatus(tx: Tx, teamId: string, id: string, status: AccountStatus, at: Date): Promise<void>;
  /** Oldest first (created_at, then id). */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<AccountRecord>>;
}
export const AccountRepository = token<AccountRepository>('core-banking.account-repository');

export type HoldStatus = 'active' | 'captured' | 'released';

export interface HoldRecord {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly assetCode: string;
  readonly amount: bigint;
  /** What is still held (amount minus captures). */
  readonly remaining: bigint;
  readonly status: HoldStatus;
  readonly reference: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface MovementRecord {
  readonly id: string;
  readonly kind: string;
  readonly reference: string | null;
  readonly createdAt: Date;
  readonly legs: readonly Leg[];
}

/** Everything one ledger call writes, sent to the store as one statement where it can. */
export interface LedgerWrite {
  /** New values of balance rows this call locked (read-modify-write). */
  readonly balances: readonly BalanceRow[];
  readonly movement?: MovementRecord;
  readonly insertHold?: HoldRecord;
  readonly updateHold?: Pick<HoldRecord, 'id' | 'remaining' | 'status' | 'updatedAt'>;
  readonly at: Date;
}

export interface LedgerRepository {
  /**
   * Share-locks the named customer accounts in id order (FOR KEY SHARE: a
   * status change waits for them, movements do not wait for each other) and
   * returns their statuses; missing ids are absent from the map. Before that
   * it creates zero balance rows for `ensure` keys of accounts that exist, so
   * the next call can lock every row it needs in one sorted pass.
   */
  lockAccounts(tx: Tx, teamId: string, accountIds: readonly string[], ensure: readonly BalanceKey[]): Promise<Map<string, AccountStatus>>;
  /**
   * Balance rows of `keys` in sorted (account, asset) order, locked FOR
   * UPDATE unless `lock` is false (the negative-control test switch).
   */
  lockBalances(tx: Tx, teamId: string, keys: readonly BalanceKey[], lock: boolean): Promise<BalanceRow[]>;
  /** Every balance row of one account, by asset, without locking. */
  accountBalances(tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]>;
  /** Sum of a system account's entries in one asset. */
  systemBalance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<bigint>;
  lockHold(tx: Tx, teamId: string, holdId: string): Promise<HoldRecord | undefined>;
  /** Balance updates, movement with its entries, hold insert/update: one round trip on SQL. */
  write(tx: Tx, teamId: string, change: LedgerWrite): Promise<void>;
}
export const LedgerRepository = token<LedgerRepository>('core-banking.ledger-repository');

export interface TransactionRecord {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly type: TransactionType;
  readonly amount: bigint;
  readonly assetCode: string;
  readonly status: TransactionStatus;
  readonly reference: string | null;
  readonly transferId: string | null;
  readonly movementId: string | null;
  readonly balanceAfter: bigint | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

export interface TransactionUpdate {
  readonly status: TransactionStatus;
  readonly movementId: string | null;
  readonly balanceAfter: bigint | null;
  readonly completedAt: Date | null;
}

export interface TransactionRepository {
  insert(tx: Tx, rows: readonly TransactionRecord[]): Promise<void>;
  /** Updates the transaction rows of one transfer on one account; returns them as stored afterwards. */
  updateForTransfer(tx: Tx, teamId: string, transferId: string, accountId: string, update: TransactionUpdate): Promise<TransactionRecord[]>;
  list(tx: Tx, teamId: string, filter: TransactionFilter, sort: TransactionSort, page: PageRequest): Promise<Slice<TransactionRecord>>;
}
export const TransactionRepository = token<TransactionRepository>('core-banking.transaction-repository');

export interface TransferRecord {
  readonly id: string;
  readonly teamId: string;
  readonly fromAccount: string;
  readonly toAccount: string;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly assetCode: string;
  readonly status: TransferStatus;
  readonly reference: string | null;
  readonly workflowId: string;
  readonly workflowEnabled: boolean;
  readonly holdId: string;
  readonly metadata: Record<string, unknown>;
  readonly routing: string | null;
  readonly createdAt: Date;
  readonly estimatedCompletion: Date;
  readonly completedAt: Date | null;
  readonly failureReason: string | null;
  readonly updatedAt: Date;
}

export interface TransferUpdate {
  readonly status: TransferStatus;
  readonly completedAt: Date | null;
  readonly failureReason: string | null;
  readonly updatedAt: Date;
}

export interface TransferRepository {
  insert(tx: Tx, transfer: TransferRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined>;
  /** Locked FOR UPDATE (the settlement steps change it). */
  lock(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined>;
  update(tx: Tx, teamId: string, id: string, update: TransferUpdate): Promise<void>;
  /** Transfers from or to the account, newest first. */
  listByAccount(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<TransferRecord>>;
}
export const TransferRepository = token<TransferRepository>('core-banking.transfer-repository');

/** Per team and asset totals for the conservation check (read-only, across teams: tests and audits). */
export interface LedgerTotals {
  readonly teamId: string;
  readonly assetCode: string;
  /** Σ (available + reserved) of customer balance rows. */
  readonly customerBalances: bigint;
  /** Σ entries of each system account. */
  readonly system: Readonly<Record<string, bigint>>;
}

export interface MovementImbalance {
  readonly movementId: string;
  readonly assetCode: string;
  readonly sum: bigint;
}

export interface CustomerDrift {
  readonly teamId: string;
  readonly accountId: string;
  readonly assetCode: string;
  /** available + reserved of the row. */
  readonly balance: bigint;
  /** Σ entries of the account in the asset. */
  readonly entries: bigint;
}

export interface LedgerAudit {
  totals(tx: Tx): Promise<LedgerTotals[]>;
  /** Movements whose entries do not sum to zero per asset (should be none). */
  unbalancedMovements(tx: Tx): Promise<MovementImbalance[]>;
  /** Customer rows whose balance differs from the sum of their entries (should be none). */
  drift(tx: Tx): Promise<CustomerDrift[]>;
  /** Balance rows with a negative available or reserved (should be none). */
  negativeBalances(tx: Tx): Promise<number>;
}
export const LedgerAudit = token<LedgerAudit>('core-banking.ledger-audit');
