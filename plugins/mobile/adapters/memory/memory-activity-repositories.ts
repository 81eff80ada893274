import { injectable } from 'inversify';
import { inActivityFilter, pageOffset, type ActivityHistoryFilter, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { ActivityRecord } from '../../domain/activity.js';
import type { P2pTransferRecord } from '../../domain/p2p-transfer.js';
import type { ActivityRepository, P2pTransferRepository } from '../../ports.js';

@injectable()
export class MemoryP2pTransferRepository implements P2pTransferRepository {
  readonly #rows = new Map<string, P2pTransferRecord>();

  async insert(tx: Tx, transfer: P2pTransferRecord): Promise<void> {
    putUndoable(tx, this.#rows, transfer.id, transfer);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<P2pTransferRecord | undefined> {
    const found = this.#rows.get(id);
    return found && (found.fromTeamId === teamId || found.toTeamId === teamId) ? found : undefined;
  }

  async history(_tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<P2pTransferRecord[]> {
    const sides = (row: P2pTransferRecord) =>
      (row.fromTeamId === teamId && inActivityFilter(filter, row.createdAt, row.fromAccountId)) || (row.toTeamId === teamId && inActivityFilter(filter, row.createdAt, row.toAccountId));
    return [...this.#rows.values()].filter(sides).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).slice(0, limit);
  }
}

const itemKey = (item: Pick<ActivityRecord, 'teamId' | 'userId' | 'resourceType' | 'resourceId'>) =>
  [item.teamId, item.userId, item.resourceType, item.resourceId].join('\u0000');

@injectable()
export class MemoryActivityRepository implements ActivityRepository {
  readonly #rows = new Map<string, ActivityRecord>();

  async upsert(tx: Tx, item: ActivityRecord): Promise<void> {
    const key = itemKey(item);
    const found = this.#rows.get(key);
    putUndoable(tx, this.#rows, key, found ? { ...found, status: item.status, title: item.title, updatedAt: item.updatedAt } : item);
  }

  async list(_tx: Tx, teamId: string, userId: string, page: PageRequest): Promise<Slice<ActivityRecord>> {
    const mine = [...this.#rows.values()]
      .filter((row) => row.teamId === teamId && row.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    const start = pageOffset(page);
    return { items: mine.slice(start, start + page.perPage), total: mine.length };
  }
}
