import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { LiquidityPosition } from '../../domain/liquidity-position.js';
import type { LiquidityRepository } from '../../ports.js';

/** Liquidity positions in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryLiquidityRepository implements LiquidityRepository {
  readonly #positions = new Map<string, LiquidityPosition>();

  async insert(tx: Tx, position: LiquidityPosition): Promise<void> {
    putUndoable(tx, this.#positions, position.id, position);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<LiquidityPosition | undefined> {
    const position = this.#positions.get(id);
    return position?.teamId === teamId ? position : undefined;
  }

  async close(tx: Tx, teamId: string, id: string, withdrawn: readonly bigint[], at: Date): Promise<boolean> {
    const position = this.#positions.get(id);
    if (position?.teamId !== teamId || position.status !== 'open') return false;
    putUndoable(tx, this.#positions, id, { ...position, status: 'closed', withdrawn, closedAt: at });
    return true;
  }

  async list(_tx: Tx, teamId: string): Promise<LiquidityPosition[]> {
    return [...this.#positions.values()]
      .filter((position) => position.teamId === teamId)
      .sort((a, b) => (a.status !== b.status ? (a.status === 'open' ? -1 : 1) : b.openedAt.getTime() - a.openedAt.getTime() || (a.id < b.id ? 1 : -1)));
  }
}
