import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { BatchRecord, ItemOutcome, ItemRecord } from './domain/batch.js';

/**
 * The batch plugin's repository (adapters/memory, adapters/sql), held to
 * adapters/repository.contract.ts on every store. Every method is scoped by team.
 */
export interface BatchRepository {
  insert(tx: Tx, batch: BatchRecord, items: readonly ItemRecord[]): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<BatchRecord | undefined>;
  /** Newest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<BatchRecord>>;
  /** In submitted order. */
  items(tx: Tx, teamId: string, batchId: string, page: PageRequest): Promise<Slice<ItemRecord>>;
  /**
   * The item, locked until the unit of work ends, when it is still pending;
   * undefined once it has ended (so a replayed step applies nothing twice).
   */
  claim(tx: Tx, teamId: string, batchId: string, index: number): Promise<ItemRecord | undefined>;
  /** Records a claimed item's outcome. */
  finish(tx: Tx, teamId: string, batchId: string, index: number, outcome: ItemOutcome, at: Date): Promise<ItemRecord>;
  /** Counts one more ended item on the batch, under the batch row's lock; the batch as stored afterwards. */
  countOutcome(tx: Tx, teamId: string, batchId: string, outcome: ItemOutcome['status'], at: Date): Promise<BatchRecord>;
}
export const BatchRepository = token<BatchRepository>('batch.repository');
