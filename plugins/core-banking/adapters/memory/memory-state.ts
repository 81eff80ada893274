import { appendUndoable, putUndoable } from '../../../../kit/memory.js';
import { cursorSlice, token, type CursorRequest, type CursorSlice, type Tx } from '../../../../kernel/public.js';
import type { BalanceRow, Leg } from '../../domain/ledger-rules.js';
import type { AccountRecord, HoldRecord, TransactionRecord, TransferRecord } from '../../ports.js';

export type StoredBalance = BalanceRow;

export interface StoredEntry extends Leg {
  readonly teamId: string;
  readonly movementId: string;
  /** The entry's position in its movement, as core_banking_entries.seq. */
  readonly seq: number;
  readonly createdAt: Date;
}

export interface StoredMovement {
  readonly teamId: string;
  readonly kind: string;
  readonly reference: string | null;
  readonly createdAt: Date;
}

export interface Sequenced<T> {
  readonly seq: number;
  readonly record: T;
}

/**
 * The memory store's core-banking tables, one instance per container. Writes
 * replace whole records and register an undo with the unit of work; the
 * store's mutex runs one unit of work at a time, so no row locks are needed.
 */
export class MemoryCoreBankingState {
  readonly accounts = new Map<string, Sequenced<AccountRecord>>();
  readonly balances = new Map<string, StoredBalance>();
  readonly holds = new Map<string, HoldRecord>();
  readonly movements = new Map<string, StoredMovement>();
  readonly entries: StoredEntry[] = [];
  readonly transactions = new Map<string, Sequenced<TransactionRecord>>();
  readonly transfers = new Map<string, Sequenced<TransferRecord>>();
  /** Transaction ids by transfer id, so settling a transfer does not scan every transaction. */
  readonly transactionsByTransfer = new Map<string, readonly string[]>();
  #seq = 0;

  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  /** Sets `key` and registers the undo that restores what was there. */
  put<K, V>(tx: Tx, map: Map<K, V>, key: K, value: V): void {
    putUndoable(tx, map, key, value);
  }

  append<V>(tx: Tx, list: V[], items: readonly V[]): void {
    appendUndoable(tx, list, items);
  }
}

export const MemoryState = token<MemoryCoreBankingState>('core-banking.memory-state');

export { balanceId as balanceKey } from '../../domain/ledger-rules.js';

/** Stable page of a sorted list. */
export function slice<T>(items: readonly T[], page: { page: number; perPage: number }): T[] {
  const start = (page.page - 1) * page.perPage;
  return items.slice(start, start + page.perPage);
}

/**
 * The rows next to `cursor` in `rows`, which are sorted by `order` (the list
 * order, total thanks to seq); the cursor row itself need not be among them.
 */
export function cursorWalk<T>(rows: readonly T[], cursor: T, order: (a: T, b: T) => number, request: CursorRequest): CursorSlice<T> {
  const walked = request.direction === 'after' ? rows.filter((row) => order(row, cursor) > 0) : rows.filter((row) => order(row, cursor) < 0).reverse();
  return cursorSlice(walked.slice(0, request.limit + 1), request);
}
