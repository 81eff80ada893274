import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { PoolRepository, StoredPool } from '../../ports.js';

/** Pools in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryPoolRepository implements PoolRepository {
  readonly #pools = new Map<string, StoredPool>();

  async seed(tx: Tx, pools: readonly StoredPool[]): Promise<void> {
    for (const pool of pools) if (!this.#pools.has(pool.id)) putUndoable(tx, this.#pools, pool.id, pool);
  }

  async onChain(_tx: Tx, chain: string): Promise<StoredPool[]> {
    return [...this.#pools.values()].filter((pool) => pool.chain === chain).sort((a, b) => a.id.localeCompare(b.id));
  }

  /** The memory store runs one unit of work at a time: nothing to lock. */
  async lock(_tx: Tx, ids: readonly string[]): Promise<StoredPool[]> {
    return [...new Set(ids)].sort().flatMap((id) => this.#pools.get(id) ?? []);
  }

  async update(tx: Tx, pools: readonly StoredPool[]): Promise<void> {
    for (const pool of pools) putUndoable(tx, this.#pools, pool.id, pool);
  }
}
