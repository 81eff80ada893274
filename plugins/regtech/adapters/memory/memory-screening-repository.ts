import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { ScreeningRecord, ScreeningRepository } from '../../ports.js';

/** Screenings in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryScreeningRepository implements ScreeningRepository {
  readonly #screenings = new Map<string, ScreeningRecord>();

  async insert(tx: Tx, screening: ScreeningRecord): Promise<void> {
    putUndoable(tx, this.#screenings, screening.id, screening);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<ScreeningRecord | undefined> {
    const screening = this.#screenings.get(id);
    return screening?.teamId === teamId ? screening : undefined;
  }

  async counts(_tx: Tx, teamId: string): Promise<{ total: number; withMatches: number }> {
    const mine = [...this.#screenings.values()].filter((s) => s.teamId === teamId);
    return { total: mine.length, withMatches: mine.filter((s) => s.matches.length > 0).length };
  }
}
