import { idempotencySlot, type IdempotencyKeyRef, type IdempotencyRecord, type IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { memoryTx } from './memory-tx.js';
import { MemoryTxImpl } from './memory-tx-impl.js';
import type { MemoryUnitOfWork } from './memory-unit-of-work.js';

/**
 * Saved responses in a map; locks in a process-local map from (team, key) to
 * the holding transaction, released when that transaction ends. Like
 * PostgreSQL's advisory transaction locks, a holder asking again gets true.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #records = new Map<string, IdempotencyRecord>();
  readonly #locks = new Map<string, MemoryTxImpl>();

  constructor(private readonly unitOfWork: MemoryUnitOfWork) {}

  async tryLock(tx: Tx, refs: readonly IdempotencyKeyRef[]): Promise<boolean[]> {
    const owner = ownTx(tx);
    return refs.map((ref) => {
      const slot = idempotencySlot(ref);
      const holder = this.#locks.get(slot);
      if (holder) return holder === owner;
      this.#locks.set(slot, owner);
      owner.onEnd(() => this.#locks.delete(slot));
      return true;
    });
  }

  async find(tx: Tx, refs: readonly IdempotencyKeyRef[]): Promise<IdempotencyRecord[]> {
    memoryTx(tx);
    return refs.flatMap((ref) => {
      const record = this.#records.get(idempotencySlot(ref));
      return record ? [copy(record)] : [];
    });
  }

  async save(tx: Tx, records: readonly IdempotencyRecord[]): Promise<void> {
    const mtx = memoryTx(tx);
    for (const record of records) {
      const slot = idempotencySlot(record);
      // Same rule as the SQL primary key: a key is saved once.
      if (this.#records.has(slot)) throw new Error(`idempotency record (${record.teamId}, ${record.key}) already exists`);
      this.#records.set(slot, copy(record));
      mtx.onRollback(() => this.#records.delete(slot));
    }
  }

  async prune(before: Date): Promise<number> {
    return this.unitOfWork.run(async (tx) => {
      const mtx = memoryTx(tx);
      let count = 0;
      for (const [slot, record] of this.#records) {
        if (record.createdAt.getTime() >= before.getTime()) continue;
        this.#records.delete(slot);
        mtx.onRollback(() => this.#records.set(slot, record));
        count++;
      }
      return count;
    });
  }

  clear(): void {
    this.#records.clear();
  }
}

function ownTx(tx: Tx): MemoryTxImpl {
  memoryTx(tx);
  if (!(tx instanceof MemoryTxImpl)) throw new TypeError('memory store: tryLock needs a transaction of this store');
  return tx;
}

function copy(record: IdempotencyRecord): IdempotencyRecord {
  return { ...record, createdAt: new Date(record.createdAt.getTime()) };
}
