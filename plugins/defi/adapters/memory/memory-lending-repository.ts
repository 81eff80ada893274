import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { LendingPosition } from '../../domain/positions/lending-position.js';
import type { LendingRepository } from '../../ports.js';

/** Lending positions in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryLendingRepository implements LendingRepository {
  readonly #positions = new Map<string, LendingPosition>();
  readonly #seeded = new Map<string, Date>();

  async insert(tx: Tx, position: LendingPosition): Promise<void> {
    putUndoable(tx, this.#positions, position.id, position);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<LendingPosition | undefined> {
    const position = this.#positions.get(id);
    return position?.teamId === teamId ? position : undefined;
  }

  async openOf(_tx: Tx, teamId: string, accountId: string, chain: string): Promise<LendingPosition[]> {
    return this.#sorted([...this.#positions.values()].filter((p) => p.teamId === teamId && p.accountId === accountId && p.chain === chain && p.status === 'open'));
  }

  async allOpen(_tx: Tx): Promise<LendingPosition[]> {
    return this.#sorted([...this.#positions.values()].filter((p) => p.status === 'open'));
  }

  async close(tx: Tx, teamId: string, id: string, settled: bigint, at: Date): Promise<boolean> {
    const position = this.#positions.get(id);
    if (position?.teamId !== teamId || position.status !== 'open') return false;
    putUndoable(tx, this.#positions, id, { ...position, status: 'closed', settled, closedAt: at });
    return true;
  }

  async setWarned(tx: Tx, ids: readonly string[], warned: boolean): Promise<string[]> {
    const changed: string[] = [];
    for (const id of ids) {
      const position = this.#positions.get(id);
      if (!position || position.status !== 'open' || position.warned === warned) continue;
      putUndoable(tx, this.#positions, id, { ...position, warned });
      changed.push(id);
    }
    return changed.sort();
  }

  async list(_tx: Tx, teamId: string): Promise<LendingPosition[]> {
    return [...this.#positions.values()]
      .filter((p) => p.teamId === teamId)
      .sort((a, b) => (a.status !== b.status ? (a.status === 'open' ? -1 : 1) : b.openedAt.getTime() - a.openedAt.getTime() || (a.id < b.id ? 1 : -1)));
  }

  async markSeeded(tx: Tx, chain: string, token: string, at: Date): Promise<boolean> {
    const key = `${chain}:${token}`;
    if (this.#seeded.has(key)) return false;
    putUndoable(tx, this.#seeded, key, at);
    return true;
  }

  /** Oldest first, then by id: the order SQL's `order by opened_at, id` gives. */
  #sorted(positions: LendingPosition[]): LendingPosition[] {
    return positions.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || (a.id < b.id ? -1 : 1));
  }
}
