import { injectable } from 'inversify';
import { inActivityFilter, type ActivityHistoryFilter, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { SwapRecord } from '../../domain/swap.js';
import type { SwapRepository } from '../../ports.js';

/** Swaps in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemorySwapRepository implements SwapRepository {
  readonly #swaps = new Map<string, SwapRecord>();

  async insert(tx: Tx, swap: SwapRecord): Promise<void> {
    putUndoable(tx, this.#swaps, swap.id, swap);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<SwapRecord | undefined> {
    const swap = this.#swaps.get(id);
    return swap?.teamId === teamId ? swap : undefined;
  }

  async history(_tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<SwapRecord[]> {
    const team = [...this.#swaps.values()].filter((swap) => swap.teamId === teamId && inActivityFilter(filter, swap.createdAt, swap.accountId));
    return team.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).slice(0, limit);
  }
}
