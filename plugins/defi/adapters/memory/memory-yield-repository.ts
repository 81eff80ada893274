import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { YieldPosition } from '../../domain/positions/yield-position.js';
import type { YieldRepository } from '../../ports.js';

/** Staking and farming positions in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryYieldRepository implements YieldRepository {
  readonly #positions = new Map<string, YieldPosition>();

  async insert(tx: Tx, position: YieldPosition): Promise<void> {
    putUndoable(tx, this.#positions, position.id, position);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<YieldPosition | undefined> {
    const position = this.#positions.get(id);
    return position?.teamId === teamId ? position : undefined;
  }

  async harvest(tx: Tx, teamId: string, id: string, from: Date, to: Date, reward: bigint, close: boolean): Promise<boolean> {
    const position = this.#positions.get(id);
    if (position?.teamId !== teamId || position.status !== 'open' || position.rewardsFrom.getTime() !== from.getTime()) return false;
    putUndoable(tx, this.#positions, id, { ...position, rewardsFrom: to, harvested: position.harvested + reward, ...(close ? { status: 'closed' as const, closedAt: to } : {}) });
    return true;
  }

  async list(_tx: Tx, teamId: string): Promise<YieldPosition[]> {
    return [...this.#positions.values()]
      .filter((p) => p.teamId === teamId)
      .sort((a, b) => (a.status !== b.status ? (a.status === 'open' ? -1 : 1) : b.openedAt.getTime() - a.openedAt.getTime() || (a.id < b.id ? 1 : -1)));
  }
}
