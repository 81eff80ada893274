import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { IssuanceRecord } from '../../domain/reserve.js';
import type { IssuanceRepository } from '../../ports.js';

/** Mints and redemptions in a Map in insertion order; a write is undone if its unit of work rolls back. */
@injectable()
export class MemoryIssuanceRepository implements IssuanceRepository {
  readonly #issuances = new Map<string, IssuanceRecord>();

  async insert(tx: Tx, issuance: IssuanceRecord): Promise<void> {
    putUndoable(tx, this.#issuances, issuance.id, issuance);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<IssuanceRecord | undefined> {
    const found = this.#issuances.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async list(_tx: Tx, teamId: string, code: string, page: PageRequest): Promise<Slice<IssuanceRecord>> {
    const rows = [...this.#issuances.values()].filter((one) => one.teamId === teamId && one.code === code).reverse();
    const start = pageOffset(page);
    return { items: rows.slice(start, start + page.perPage), total: rows.length };
  }

  /** The memory store runs units of work one at a time: nothing to lock. */
  async lockToken(): Promise<void> {}
}
