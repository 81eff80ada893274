import { injectable } from 'inversify';
import { inActivityFilter, type ActivityHistoryFilter, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { BridgeTransferRecord } from '../../domain/bridge-transfer.js';
import type { BridgeTransferRepository } from '../../ports.js';

/** Transfers in a Map by id; every write is undone if its unit of work rolls back (the memory store runs one unit of work at a time, so lock is find). */
@injectable()
export class MemoryBridgeTransferRepository implements BridgeTransferRepository {
  readonly #transfers = new Map<string, BridgeTransferRecord>();

  async insert(tx: Tx, transfer: BridgeTransferRecord): Promise<void> {
    putUndoable(tx, this.#transfers, transfer.id, transfer);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<BridgeTransferRecord | undefined> {
    const transfer = this.#transfers.get(id);
    return transfer?.teamId === teamId ? transfer : undefined;
  }

  lock(tx: Tx, teamId: string, id: string): Promise<BridgeTransferRecord | undefined> {
    return this.find(tx, teamId, id);
  }

  async update(tx: Tx, transfer: BridgeTransferRecord): Promise<void> {
    putUndoable(tx, this.#transfers, transfer.id, transfer);
  }

  async quoteUsed(_tx: Tx, teamId: string, quoteId: string): Promise<boolean> {
    return [...this.#transfers.values()].some((one) => one.teamId === teamId && one.quoteId === quoteId);
  }

  async inFlight(_tx: Tx, teamId: string): Promise<BridgeTransferRecord[]> {
    return [...this.#transfers.values()]
      .filter((one) => one.teamId === teamId && one.status !== 'completed' && one.status !== 'failed')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async history(_tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<BridgeTransferRecord[]> {
    const team = [...this.#transfers.values()].filter((one) => one.teamId === teamId && inActivityFilter(filter, one.createdAt, one.accountId));
    return team.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).slice(0, limit);
  }
}
