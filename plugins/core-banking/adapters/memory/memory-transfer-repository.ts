import { inject, injectable } from 'inversify';
import type { PageRequest } from '../../../../kernel/contract/page.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { Slice, TransferRecord, TransferRepository, TransferUpdate } from '../../ports.js';
import { MemoryCoreBankingState, MemoryState, slice } from './memory-state.js';

@injectable()
export class MemoryTransferRepository implements TransferRepository {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async insert(tx: Tx, transfer: TransferRecord): Promise<void> {
    if (this.state.transfers.has(transfer.id)) throw new Error(`duplicate transfer id ${transfer.id}`);
    this.state.put(tx, this.state.transfers, transfer.id, { seq: this.state.nextSeq(), record: transfer });
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined> {
    const record = this.state.transfers.get(id)?.record;
    return record && record.teamId === teamId ? record : undefined;
  }

  lock(tx: Tx, teamId: string, id: string): Promise<TransferRecord | undefined> {
    return this.find(tx, teamId, id);
  }

  async update(tx: Tx, teamId: string, id: string, update: TransferUpdate): Promise<void> {
    const stored = this.state.transfers.get(id);
    if (!stored || stored.record.teamId !== teamId) return;
    this.state.put(tx, this.state.transfers, id, { seq: stored.seq, record: { ...stored.record, ...update } });
  }

  async listByAccount(_tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<TransferRecord>> {
    const mine = [...this.state.transfers.values()]
      .filter(({ record }) => record.teamId === teamId && (record.fromAccount === accountId || record.toAccount === accountId))
      .sort((a, b) => b.record.createdAt.getTime() - a.record.createdAt.getTime() || b.seq - a.seq)
      .map((stored) => stored.record);
    return { items: slice(mine, page), total: mine.length };
  }
}
