import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { AllocationRecord } from '../../domain/allocation.js';
import type { AllocationRepository } from '../../ports.js';

/** Allocations in a Map by team and token; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryAllocationRepository implements AllocationRepository {
  readonly #allocations = new Map<string, AllocationRecord>();

  async put(tx: Tx, allocation: AllocationRecord): Promise<AllocationRecord> {
    const key = `${allocation.teamId}\u0000${allocation.token}`;
    const existing = this.#allocations.get(key);
    const stored = existing ? { ...allocation, createdAt: existing.createdAt } : allocation;
    putUndoable(tx, this.#allocations, key, stored);
    return stored;
  }

  async find(_tx: Tx, teamId: string, token: string): Promise<AllocationRecord | undefined> {
    return this.#allocations.get(`${teamId}\u0000${token}`);
  }

  /** The memory store runs one unit of work at a time: lock is find. */
  lock(tx: Tx, teamId: string, token: string): Promise<AllocationRecord | undefined> {
    return this.find(tx, teamId, token);
  }

  async list(_tx: Tx, teamId: string): Promise<AllocationRecord[]> {
    return [...this.#allocations.values()].filter((one) => one.teamId === teamId).sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
  }
}
