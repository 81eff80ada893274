import { injectable } from 'inversify';
import { memoryTx, putUndoable } from '../../../../kit/memory.js';
import { START_CURSOR, type EventCount, type Tx } from '../../../../kernel/public.js';
import type { EventTallyRepository, TallySnapshot } from '../../ports.js';

/** The tally in this process; writes apply at once and undo on rollback (the store runs one unit of work at a time). */
@injectable()
export class MemoryEventTally implements EventTallyRepository {
  readonly #counts = new Map<string, number>();
  #through = START_CURSOR;

  async add(tx: Tx, counts: readonly EventCount[], through?: string): Promise<void> {
    for (const { type, count } of counts) putUndoable(tx, this.#counts, type, (this.#counts.get(type) ?? 0) + count);
    if (through === undefined) return;
    const before = this.#through;
    this.#through = through;
    memoryTx(tx).onRollback(() => (this.#through = before));
  }

  async read(): Promise<TallySnapshot> {
    const counts = [...this.#counts].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
    return { counts, through: this.#through };
  }
}
