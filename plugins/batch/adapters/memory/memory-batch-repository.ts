import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import { afterOutcome, type BatchRecord, type ItemOutcome, type ItemRecord } from '../../domain/batch.js';
import type { BatchRepository } from '../../ports.js';

const itemKey = (batchId: string, index: number) => `${batchId}/${index}`;

/**
 * Batches and items in Maps (batches in insertion order); every write is
 * undone if its unit of work rolls back. The memory store runs one unit of
 * work at a time, so a claim needs no lock.
 */
@injectable()
export class MemoryBatchRepository implements BatchRepository {
  readonly #batches = new Map<string, BatchRecord>();
  readonly #items = new Map<string, ItemRecord>();
  readonly #itemCount = new Map<string, number>();

  async insert(tx: Tx, batch: BatchRecord, items: readonly ItemRecord[]): Promise<void> {
    putUndoable(tx, this.#batches, batch.id, batch);
    for (const item of items) putUndoable(tx, this.#items, itemKey(batch.id, item.index), item);
    putUndoable(tx, this.#itemCount, batch.id, items.length);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<BatchRecord | undefined> {
    const batch = this.#batches.get(id);
    return batch?.teamId === teamId ? batch : undefined;
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<BatchRecord>> {
    const team = [...this.#batches.values()].filter((batch) => batch.teamId === teamId).reverse();
    const start = pageOffset(page);
    return { items: team.slice(start, start + page.perPage), total: team.length };
  }

  async items(tx: Tx, teamId: string, batchId: string, page: PageRequest): Promise<Slice<ItemRecord>> {
    if (!(await this.find(tx, teamId, batchId))) return { items: [], total: 0 };
    const total = this.#itemCount.get(batchId) ?? 0;
    const start = pageOffset(page);
    const items: ItemRecord[] = [];
    for (let index = start; index < Math.min(total, start + page.perPage); index += 1) items.push(this.#items.get(itemKey(batchId, index))!);
    return { items, total };
  }

  async claim(_tx: Tx, teamId: string, batchId: string, index: number): Promise<ItemRecord | undefined> {
    const item = this.#items.get(itemKey(batchId, index));
    return item?.teamId === teamId && item.status === 'pending' ? item : undefined;
  }

  async finish(tx: Tx, teamId: string, batchId: string, index: number, outcome: ItemOutcome, at: Date): Promise<ItemRecord> {
    const item = this.#items.get(itemKey(batchId, index));
    if (!item || item.teamId !== teamId) throw new Error(`batch item ${batchId}/${index} not found`);
    const ended: ItemRecord =
      outcome.status === 'completed'
        ? { ...item, status: 'completed', movementId: outcome.movementId, processedAt: at }
        : { ...item, status: 'failed', errorCode: outcome.errorCode, errorDetail: outcome.errorDetail, processedAt: at };
    putUndoable(tx, this.#items, itemKey(batchId, index), ended);
    return ended;
  }

  async countOutcome(tx: Tx, teamId: string, batchId: string, outcome: ItemOutcome['status'], at: Date): Promise<BatchRecord> {
    const batch = await this.find(tx, teamId, batchId);
    if (!batch) throw new Error(`batch ${batchId} not found`);
    const next = afterOutcome(batch, outcome, at);
    putUndoable(tx, this.#batches, batchId, next);
    return next;
  }
}
