import { injectable } from 'inversify';
import { memoryTx, putUndoable } from '../../../../kit/memory.js';
import { START_CURSOR, type EventCount, type Tx } from '../../../../kernel/public.js';
import type { EventTallyRepository, TallySnapshot, TeamEventCount } from '../../ports.js';

/** The tallies in this process; writes apply at once and undo on rollback (the store runs one unit of work at a time). */
@injectable()
export class MemoryEventTally implements EventTallyRepository {
  readonly #counts = new Map<string, number>();
  /** `${teamId}\0${type}` → count. */
  readonly #teamCounts = new Map<string, number>();
  #through = START_CURSOR;

  async add(tx: Tx, counts: readonly TeamEventCount[], through?: string): Promise<void> {
    for (const { teamId, type, count } of counts) {
      putUndoable(tx, this.#counts, type, (this.#counts.get(type) ?? 0) + count);
      const key = `${teamId}\u0000${type}`;
      putUndoable(tx, this.#teamCounts, key, (this.#teamCounts.get(key) ?? 0) + count);
    }
    if (through === undefined) return;
    const before = this.#through;
    this.#through = through;
    memoryTx(tx).onRollback(() => (this.#through = before));
  }

  async read(_tx: Tx, teamId?: string): Promise<TallySnapshot> {
    const counts: EventCount[] = [];
    if (teamId === undefined) {
      for (const [type, count] of this.#counts) counts.push({ type, count });
    } else {
      const prefix = `${teamId}\u0000`;
      for (const [key, count] of this.#teamCounts) if (key.startsWith(prefix)) counts.push({ type: key.slice(prefix.length), count });
    }
    return { counts: counts.sort((a, b) => a.type.localeCompare(b.type)), through: this.#through };
  }
}
