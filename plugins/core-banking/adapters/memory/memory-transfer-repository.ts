import { inject, injectable } from 'inversify';
import type { CursorRequest, CursorSlice, PageRequest, Tx } from '../../../../kernel/public.js';
import type { Slice, TransferRecord, TransferRepository, TransferUpdate } from '../../ports.js';
import { cursorWalk, MemoryCoreBankingState, MemoryState, slice, type Sequenced } from './memory-state.js';

@injectable()
export class MemoryTransferRepository implements TransferRepository {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async insert(tx: Tx, transfers: readonly TransferRecord[]): Promise<void> {
    for (const transfer of transfers) {
      if (this.state.transfers.has(transfer.id)) throw new Error(`duplicate transfer id ${transfer.id}`);
      this.state.put(tx, this.state.transfers, transfer.id, { seq: this.state.nextSeq(), record: transfer });
    }
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined> {
    const record = this.state.transfers.get(id)?.record;
    return record && record.teamId === teamId ? record : undefined;
  }

  async lock(_tx: Tx, refs: readonly { readonly teamId: string; readonly id: string }[]): Promise<TransferRecord[]> {
    const found = new Map<string, TransferRecord>();
    for (const ref of refs) {
      const record = this.state.transfers.get(ref.id)?.record;
      if (record && record.teamId === ref.teamId) found.set(record.id, record);
    }
    return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async update(tx: Tx, updates: readonly TransferUpdate[]): Promise<void> {
    for (const update of updates) {
      const stored = this.state.transfers.get(update.id);
      if (!stored || stored.record.teamId !== update.teamId) continue;
      const { status, completedAt, failureReason, updatedAt } = update;
      this.state.put(tx, this.state.transfers, update.id, { seq: stored.seq, record: { ...stored.record, status, completedAt, failureReason, updatedAt } });
    }
  }

  async listByAccount(_tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<TransferRecord>> {
    const mine = this.#ofAccount(teamId, accountId).map((stored) => stored.record);
    return { items: slice(mine, page), total: mine.length };
  }

  async listByAccountCursor(_tx: Tx, teamId: string, accountId: string, cursor: CursorRequest): Promise<CursorSlice<TransferRecord> | undefined> {
    const at = this.state.transfers.get(cursor.id);
    if (!at || !isOfAccount(at.record, teamId, accountId)) return undefined;
    const walk = cursorWalk(this.#ofAccount(teamId, accountId), at, newestFirst, cursor);
    return { items: walk.items.map((stored) => stored.record), hasMore: walk.hasMore };
  }

  #ofAccount(teamId: string, accountId: string): Sequenced<TransferRecord>[] {
    return [...this.state.transfers.values()].filter(({ record }) => isOfAccount(record, teamId, accountId)).sort(newestFirst);
  }
}

function isOfAccount(record: TransferRecord, teamId: string, accountId: string): boolean {
  return record.teamId === teamId && (record.fromAccount === accountId || record.toAccount === accountId);
}

function newestFirst(a: Sequenced<TransferRecord>, b: Sequenced<TransferRecord>): number {
  return b.record.createdAt.getTime() - a.record.createdAt.getTime() || b.seq - a.seq;
}
