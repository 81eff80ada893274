import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { PrivacyRequestRecord } from '../../domain.js';
import type { PrivacyRequestRepository } from '../../ports.js';

/** Requests in a Map in insertion order; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryPrivacyRequestRepository implements PrivacyRequestRepository {
  readonly #requests = new Map<string, PrivacyRequestRecord>();

  async insert(tx: Tx, request: PrivacyRequestRecord): Promise<void> {
    putUndoable(tx, this.#requests, request.id, request);
  }

  async complete(tx: Tx, id: string, modules: readonly string[], document: string | null, at: Date): Promise<PrivacyRequestRecord | undefined> {
    const request = this.#requests.get(id);
    if (!request || request.status !== 'received') return undefined;
    const done: PrivacyRequestRecord = { ...request, status: 'completed', modules: [...modules], document, completedAt: at };
    putUndoable(tx, this.#requests, id, done);
    return done;
  }

  async find(_tx: Tx, teamId: string | null, id: string): Promise<PrivacyRequestRecord | undefined> {
    const request = this.#requests.get(id);
    return request && (teamId === null || request.teamId === teamId) ? request : undefined;
  }

  async list(_tx: Tx, teamId: string | null, page: PageRequest): Promise<Slice<PrivacyRequestRecord>> {
    const visible = [...this.#requests.values()].filter((request) => teamId === null || request.teamId === teamId).reverse();
    const start = pageOffset(page);
    return { items: visible.slice(start, start + page.perPage), total: visible.length };
  }

  async dropDocuments(tx: Tx, teamId: string, userId: string): Promise<number> {
    let dropped = 0;
    for (const request of this.#requests.values()) {
      if (request.teamId !== teamId || request.userId !== userId || request.document === null) continue;
      putUndoable(tx, this.#requests, request.id, { ...request, document: null });
      dropped += 1;
    }
    return dropped;
  }
}
