import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { ItemRecord } from './domain/item.js';

/**
 * The plugin's private repository, one implementation per store family
 * (adapters/memory, adapters/sql), both held to adapters/repository.contract.ts.
 * Every method is scoped by team except the sweep, which works across teams.
 */
export interface ItemRepository {
  insert(tx: Tx, item: ItemRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<ItemRecord | undefined>;
  /** The team's items, oldest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ItemRecord>>;
  /** Moves a pending item to active; undefined when it is not pending (already active, expired or unknown). */
  activate(tx: Tx, teamId: string, id: string, at: Date): Promise<ItemRecord | undefined>;
  /**
   * Expires up to `limit` active items whose expiry is at or before `now`,
   * earliest expiry first, and returns them. Rows another process is
   * expiring at the same time are skipped, never expired twice.
   */
  expireDue(tx: Tx, now: Date, limit: number): Promise<ItemRecord[]>;
}
export const ItemRepository = token<ItemRepository>('template.item-repository');
