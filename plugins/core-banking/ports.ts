import { token, type CursorRequest, type CursorSlice, type HoldingBalance, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { AccountStatus } from './domain/account.js';
import type { AccountRef, BalanceKey, BalanceRow, Leg } from './domain/ledger-rules.js';
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

export type { Slice };

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
  readonly teamId: string;
  readonly id: string;
  readonly kind: string;
  readonly reference: string | null;
  readonly createdAt: Date;
  readonly legs: readonly Leg[];
}

export type HoldUpdate = Pick<HoldRecord, 'teamId' | 'id' | 'remaining' | 'status' | 'updatedAt'>;

/** Everything one ledger call (or one batch of them) writes, sent to the store as one statement. */
export interface LedgerWrite {
  /** New values of balance rows the call locked (read-modify-write). */
  readonly balances: readonly BalanceRow[];
  readonly movements: readonly MovementRecord[];
  readonly insertHolds: readonly HoldRecord[];
  readonly updateHolds: readonly HoldUpdate[];
  readonly at: Date;
}

export interface LockRequest {
  readonly accounts: readonly AccountRef[];
  readonly ensure: readonly BalanceKey[];
  readonly balances: readonly BalanceKey[];
  readonly lockRows: boolean;
}

export interface LockedLedger {
  readonly statuses: ReadonlyMap<string, AccountStatus>;
  readonly rows: readonly BalanceRow[];
}

/**
 * The ledger's storage. Every method takes team-qualified refs, so one call
 * can serve a batch from several teams while every row is still matched by
 * its own team.
 */
export interface LedgerRepository {
  /**
   * Locks what a batch of movements touches, in the one global order: the
   * named customer accounts FOR KEY SHARE in id order (a status change waits
   * for them, movements do not wait for each other), creating zero balance
   * rows first for `ensure` keys of accounts that exist, then the balance
   * rows of `balances` FOR UPDATE in sorted (account, asset) order (plain
   * reads when `lockRows` is false: the negative-control test switch).
   * Statuses come back by refOf(ref), missing accounts absent; rows sorted.
   */
  lock(tx: Tx, request: LockRequest): Promise<LockedLedger>;
  /** Balance rows of `keys` without locking, sorted. */
  readBalances(tx: Tx, keys: readonly BalanceKey[]): Promise<BalanceRow[]>;
  /** Every balance row of one account, by asset, without locking. */
  accountBalances(tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]>;
  /** Sum of a system account's entries in one asset. */
  systemBalance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<bigint>;
  /** Holds locked FOR UPDATE in id order; missing ones are absent. */
  lockHolds(tx: Tx, refs: readonly { readonly teamId: string; readonly id: string }[]): Promise<HoldRecord[]>;
  /** Balance updates, movements with their entries, hold inserts and updates: one round trip on SQL. */
  write(tx: Tx, change: LedgerWrite): Promise<void>;
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

/** New state of the transaction rows of one transfer on one account. */
export interface TransactionUpdate {
  readonly teamId: string;
  readonly transferId: string;
  readonly accountId: string;
  readonly status: TransactionStatus;
  readonly movementId: string | null;
  readonly balanceAfter: bigint | null;
  readonly completedAt: Date | null;
}

export interface TransactionRepository {
  insert(tx: Tx, rows: readonly TransactionRecord[]): Promise<void>;
  /** The team's transaction row; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<TransactionRecord | undefined>;
  /**
   * Updates each transfer's unfinished (pending or pending_review) transaction on the account, the sender's:
   * the only row of a transfer that changes after it is written. One statement on SQL.
   */
  updateForTransfers(tx: Tx, updates: readonly TransactionUpdate[]): Promise<void>;
  list(tx: Tx, teamId: string, filter: TransactionFilter, sort: TransactionSort, page: PageRequest): Promise<Slice<TransactionRecord>>;
  /**
   * The matching rows next to the cursor row in (created_at, seq) order,
   * descending or not; undefined when the cursor is no row of the team (or of
   * filter.accountId). The cursor row itself need not match the other filters.
   */
  listByCursor(tx: Tx, teamId: string, filter: TransactionFilter, descending: boolean, cursor: CursorRequest): Promise<CursorSlice<TransactionRecord> | undefined>;
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
  readonly teamId: string;
  readonly id: string;
  readonly status: TransferStatus;
  readonly completedAt: Date | null;
  readonly failureReason: string | null;
  readonly updatedAt: Date;
}

export interface TransferRepository {
  insert(tx: Tx, transfers: readonly TransferRecord[]): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined>;
  /** Locked FOR UPDATE in id order (the settlement steps change them); missing ones are absent. */
  lock(tx: Tx, refs: readonly { readonly teamId: string; readonly id: string }[]): Promise<TransferRecord[]>;
  update(tx: Tx, updates: readonly TransferUpdate[]): Promise<void>;
  /** Transfers from or to the account, newest first. */
  listByAccount(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<TransferRecord>>;
  /** The account's transfers next to the cursor transfer, newest first; undefined when the cursor is no transfer of the account. */
  listByAccountCursor(tx: Tx, teamId: string, accountId: string, cursor: CursorRequest): Promise<CursorSlice<TransferRecord> | undefined>;
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

/** A balance row whose reserved amount differs from what its active holds still hold. */
export interface HoldDrift {
  readonly teamId: string;
  readonly accountId: string;
  readonly assetCode: string;
  readonly reserved: bigint;
  /** Σ remaining of the account's active holds in the asset. */
  readonly held: bigint;
}

/** How many accounts one team has: the audit walks the teams in the order the store lists them. */
export interface TeamAccounts {
  readonly teamId: string;
  readonly accounts: number;
}

/**
 * A slice of teams by team id, in the store's order: after `after` (all from
 * the first when absent) up to and including `through` (all to the last when
 * absent). Consecutive slices whose bounds are the listed team ids cover every
 * team id, also one that has rows but no account.
 */
export interface TeamSlice {
  readonly after?: string;
  readonly through?: string;
}

export interface LedgerAudit {
  totals(tx: Tx): Promise<LedgerTotals[]>;
  /** Movements whose entries do not sum to zero per asset (should be none). */
  unbalancedMovements(tx: Tx): Promise<MovementImbalance[]>;
  /** Every team that has accounts, with their number, ordered by team id as `TeamSlice` bounds compare them. */
  accountsPerTeam(tx: Tx): Promise<TeamAccounts[]>;
  /** Customer rows whose balance differs from the sum of their entries (should be none); the whole ledger, or the teams of `teams`. */
  drift(tx: Tx, teams?: TeamSlice): Promise<CustomerDrift[]>;
  /** Rows whose reserved amount is not what their active holds still hold (should be none: a hold spent twice shows here). */
  holdDrift(tx: Tx): Promise<HoldDrift[]>;
  /** Balance rows with a negative available or reserved (should be none); the whole ledger, or the teams of `teams`. */
  negativeBalances(tx: Tx, teams?: TeamSlice): Promise<number>;
  /** Every non-zero holding of `codes`: customer rows (available + reserved) and system accounts but system:world (their entries); for reconciliation with the chains. */
  holdingBalances(tx: Tx, codes: readonly string[]): Promise<HoldingBalance[]>;
}
export const LedgerAudit = token<LedgerAudit>('core-banking.ledger-audit');

/**
 * Whether the ledger locks the balance rows it changes (FOR UPDATE). Always
 * on in the service; the concurrency suite binds a switchable value to show
 * that the lock is what keeps concurrent debits from overspending.
 */
export interface BalanceRowLocking {
  readonly enabled: boolean;
}
export const BalanceRowLocking = token<BalanceRowLocking>('core-banking.balance-row-locking');

/** A trial balance line of one holding code, as stored (LedgerJournal describes the holding). */
export interface TrialBalanceRow {
  readonly holding: string;
  /** A system account, or null for the team's customer accounts together. */
  readonly account: string | null;
  readonly accounts: number;
  readonly debits: bigint;
  readonly credits: bigint;
}

/** One stored entry with its movement's kind, reference and time. */
export interface JournalEntryRow {
  readonly movementId: string;
  readonly seq: number;
  readonly accountId: string;
  readonly holding: string;
  readonly amount: bigint;
  readonly kind: string;
  readonly reference: string | null;
  readonly createdAt: Date;
}

/** The journal reads behind the LedgerJournal port; every read scoped by team. */
export interface JournalRepository {
  /** Sorted by holding code, then the customer line (null) before the system accounts by name. */
  trialBalance(tx: Tx, teamId: string): Promise<TrialBalanceRow[]>;
  /** The movement's entries in seq order; empty for an unknown movement or another team's. */
  movementEntries(tx: Tx, teamId: string, movementId: string): Promise<JournalEntryRow[]>;
  /** The account's entries newest first: (created_at, movement_id, seq) descending. */
  accountEntries(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<JournalEntryRow>>;
}
export const JournalRepository = token<JournalRepository>('core-banking.journal-repository');
