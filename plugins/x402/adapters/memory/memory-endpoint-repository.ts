import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import type { EndpointRecord } from '../../domain/records.js';
import type { EndpointRepository } from '../../ports.js';

/** Registrations in a Map in insertion order; writes are undone if their unit of work rolls back. */
@injectable()
export class MemoryEndpointRepository implements EndpointRepository {
  readonly #endpoints = new Map<string, EndpointRecord>();

  async insert(tx: Tx, endpoint: EndpointRecord): Promise<boolean> {
    if ([...this.#endpoints.values()].some((one) => one.path === endpoint.path)) return false;
    putUndoable(tx, this.#endpoints, endpoint.id, endpoint);
    return true;
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<EndpointRecord | undefined> {
    const endpoint = this.#endpoints.get(id);
    return endpoint?.teamId === teamId ? endpoint : undefined;
  }

  async findByPath(_tx: Tx, path: string): Promise<EndpointRecord | undefined> {
    return [...this.#endpoints.values()].find((one) => one.path === path);
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<EndpointRecord>> {
    const team = [...this.#endpoints.values()].filter((one) => one.teamId === teamId);
    const start = pageOffset(page);
    return { items: team.slice(start, start + page.perPage), total: team.length };
  }

  async update(tx: Tx, endpoint: EndpointRecord): Promise<EndpointRecord | undefined> {
    if (!(await this.find(tx, endpoint.teamId, endpoint.id))) return undefined;
    putUndoable(tx, this.#endpoints, endpoint.id, endpoint);
    return endpoint;
  }

  async delete(tx: Tx, teamId: string, id: string): Promise<boolean> {
    if (!(await this.find(tx, teamId, id))) return false;
    deleteUndoable(tx, this.#endpoints, id);
    return true;
  }
}
