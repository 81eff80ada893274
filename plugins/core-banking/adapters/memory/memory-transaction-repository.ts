import { inject, injectable } from 'inversify';
import { AssetCatalog, assetOfHolding, type CursorRequest, type CursorSlice, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type { TransactionFilter, TransactionSort, TransactionStatus } from '../../domain/transaction-query.js';
import type { Slice, TransactionRecord, TransactionRepository, TransactionUpdate } from '../../ports.js';
import { cursorWalk, MemoryCoreBankingState, MemoryState, slice, type Sequenced } from './memory-state.js';

@injectable()
export class MemoryTransactionRepository implements TransactionRepository {
  constructor(
    @inject(MemoryState) private readonly state: MemoryCoreBankingState,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async insert(tx: Tx, rows: readonly TransactionRecord[]): Promise<void> {
    for (const row of rows) {
      if (this.state.transactions.has(row.id)) throw new Error(`duplicate transaction id ${row.id}`);
      this.state.put(tx, this.state.transactions, row.id, { seq: this.state.nextSeq(), record: row });
      if (row.transferId !== null) {
        const ids = this.state.transactionsByTransfer.get(row.transferId) ?? [];
        this.state.put(tx, this.state.transactionsByTransfer, row.transferId, [...ids, row.id]);
      }
    }
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<TransactionRecord | undefined> {
    const stored = this.state.transactions.get(id);
    return stored?.record.teamId === teamId ? stored.record : undefined;
  }

  async updateForTransfers(tx: Tx, updates: readonly TransactionUpdate[]): Promise<void> {
    for (const update of updates) {
      for (const id of this.state.transactionsByTransfer.get(update.transferId) ?? []) {
        const stored = this.state.transactions.get(id)!;
        const row = stored.record;
        if (row.teamId !== update.teamId || row.accountId !== update.accountId || !isUnfinished(row.status)) continue;
        const { status, movementId, balanceAfter, completedAt } = update;
        this.state.put(tx, this.state.transactions, id, { seq: stored.seq, record: { ...row, status, movementId, balanceAfter, completedAt } });
      }
    }
  }

  async list(_tx: Tx, teamId: string, filter: TransactionFilter, sort: TransactionSort, page: PageRequest): Promise<Slice<TransactionRecord>> {
    const matches = this.#matching(teamId, filter);
    const sign = sort.descending ? -1 : 1;
    matches.sort((a, b) => sign * (this.#compare(a, b, sort) || a.seq - b.seq));
    return { items: slice(matches, page).map((stored) => stored.record), total: matches.length };
  }

  async listByCursor(
    _tx: Tx,
    teamId: string,
    filter: TransactionFilter,
    descending: boolean,
    cursor: CursorRequest,
  ): Promise<CursorSlice<TransactionRecord> | undefined> {
    const at = this.state.transactions.get(cursor.id);
    if (!at || at.record.teamId !== teamId || (filter.accountId !== undefined && at.record.accountId !== filter.accountId)) return undefined;
    const sign = descending ? -1 : 1;
    const order = (a: Sequenced<TransactionRecord>, b: Sequenced<TransactionRecord>): number =>
      sign * (a.record.createdAt.getTime() - b.record.createdAt.getTime() || a.seq - b.seq);
    const walk = cursorWalk(this.#matching(teamId, filter).sort(order), at, order, cursor);
    return { items: walk.items.map((stored) => stored.record), hasMore: walk.hasMore };
  }

  #matching(teamId: string, filter: TransactionFilter): Sequenced<TransactionRecord>[] {
    return [...this.state.transactions.values()].filter(({ record: row }) =>
      row.teamId === teamId &&
      (filter.accountId === undefined || row.accountId === filter.accountId) &&
      (filter.assetCode === undefined || row.assetCode === filter.assetCode) &&
      (filter.type === undefined || row.type === filter.type) &&
      (filter.status === undefined || row.status === filter.status) &&
      (filter.from === undefined || row.createdAt.getTime() >= filter.from.getTime()) &&
      (filter.before === undefined || row.createdAt.getTime() < filter.before.getTime()),
    );
  }

  #compare(a: Sequenced<TransactionRecord>, b: Sequenced<TransactionRecord>, sort: TransactionSort): number {
    if (sort.field === 'created_at') return a.record.createdAt.getTime() - b.record.createdAt.getTime();
    // Compare values across precisions exactly: scale both to 18 decimals.
    const value = (row: TransactionRecord): bigint => row.amount * 10n ** BigInt(18 - (assetOfHolding(this.assets, row.assetCode)?.precision ?? 0));
    const left = value(a.record);
    const right = value(b.record);
    return left === right ? 0 : left < right ? -1 : 1;
  }
}

/** The statuses updateForTransfers changes (the SQL adapter's update names the same ones). */
function isUnfinished(status: TransactionStatus): boolean {
  return status === 'pending' || status === 'pending_review';
}
