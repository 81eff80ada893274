import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { ListVersion, SanctionsEntry, SanctionsSource } from '../../domain/sanctions-list.js';
import type { SanctionsListRepository } from '../../ports.js';

interface StoredList {
  readonly version: ListVersion;
  readonly entries: readonly SanctionsEntry[];
}

/** One list per source in a Map; a replacement is undone if its unit of work rolls back. */
@injectable()
export class MemorySanctionsListRepository implements SanctionsListRepository {
  readonly #lists = new Map<SanctionsSource, StoredList>();

  async replace(tx: Tx, version: ListVersion, entries: readonly SanctionsEntry[]): Promise<void> {
    putUndoable(tx, this.#lists, version.source, { version, entries: [...entries] });
  }

  async versions(): Promise<ListVersion[]> {
    return [...this.#lists.values()].map((list) => list.version).sort((a, b) => a.source.localeCompare(b.source));
  }

  async entries(_tx: Tx, source: SanctionsSource): Promise<SanctionsEntry[]> {
    return [...(this.#lists.get(source)?.entries ?? [])];
  }
}
