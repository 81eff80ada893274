import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { RebalanceRecord } from '../../domain/rebalance.js';
import type { RebalanceRepository } from '../../ports.js';

/** Rebalances in a Map by id (the memory store runs one unit of work at a time, so lock is find); writes are undone on rollback. */
@injectable()
export class MemoryRebalanceRepository implements RebalanceRepository {
  readonly #rebalances = new Map<string, RebalanceRecord>();
  /** transfer id → rebalance id */
  readonly #byTransfer = new Map<string, string>();

  async insert(tx: Tx, rebalance: RebalanceRecord): Promise<void> {
    putUndoable(tx, this.#rebalances, rebalance.id, rebalance);
    for (const move of rebalance.moves) if (move.transferId !== null) putUndoable(tx, this.#byTransfer, move.transferId, rebalance.id);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<RebalanceRecord | undefined> {
    const found = this.#rebalances.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async lockByTransfer(tx: Tx, teamId: string, transferId: string): Promise<RebalanceRecord | undefined> {
    const id = this.#byTransfer.get(transferId);
    return id === undefined ? undefined : this.find(tx, teamId, id);
  }

  async update(tx: Tx, rebalance: RebalanceRecord): Promise<void> {
    if (this.#rebalances.get(rebalance.id)?.teamId === rebalance.teamId) putUndoable(tx, this.#rebalances, rebalance.id, rebalance);
  }

  async executing(_tx: Tx, teamId: string, token: string, accountId: string): Promise<RebalanceRecord | undefined> {
    return [...this.#rebalances.values()].find((one) => one.teamId === teamId && one.token === token && one.accountId === accountId && one.status === 'executing');
  }
}
