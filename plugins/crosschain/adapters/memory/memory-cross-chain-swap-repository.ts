import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { CrossChainSwapRecord } from '../../domain/cross-chain-swap.js';
import type { CrossChainSwapRepository } from '../../ports.js';

/** Cross-chain swaps in a Map by id; writes are undone with their unit of work (one unit of work at a time, so lock is find). */
@injectable()
export class MemoryCrossChainSwapRepository implements CrossChainSwapRepository {
  readonly #swaps = new Map<string, CrossChainSwapRecord>();

  async insert(tx: Tx, swap: CrossChainSwapRecord): Promise<void> {
    putUndoable(tx, this.#swaps, swap.id, swap);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<CrossChainSwapRecord | undefined> {
    const swap = this.#swaps.get(id);
    return swap?.teamId === teamId ? swap : undefined;
  }

  lock(tx: Tx, teamId: string, id: string): Promise<CrossChainSwapRecord | undefined> {
    return this.find(tx, teamId, id);
  }

  async update(tx: Tx, swap: CrossChainSwapRecord): Promise<void> {
    putUndoable(tx, this.#swaps, swap.id, swap);
  }
}
