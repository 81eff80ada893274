import { inject, injectable } from 'inversify';
import type { PageRequest, Tx } from '../../../../kernel/public.js';
import type { Slice, TransferRecord, TransferRepository, TransferUpdate } from '../../ports.js';
import { MemoryCoreBankingState, MemoryState, slice } from './memory-state.js';

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
    const mine = [...this.state.transfers.values()]
      .filter(({ record }) => record.teamId === teamId && (record.fromAccount === accountId || record.toAccount === accountId))
      .sort((a, b) => b.record.createdAt.getTime() - a.record.createdAt.getTime() || b.seq - a.seq)
      .map((stored) => stored.record);
    return { items: slice(mine, page), total: mine.length };
  }
}
