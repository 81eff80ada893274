import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { ActivationRecord, ProductRecord } from './domain/product.js';

/**
 * The product plugin's repository (adapters/memory, adapters/sql), held to
 * adapters/repository.contract.ts on every store. Scoped by team, except
 * the accrual sweep, which works across teams.
 */
export interface ProductRepository {
  insertProduct(tx: Tx, product: ProductRecord): Promise<void>;
  findProduct(tx: Tx, teamId: string, id: string): Promise<ProductRecord | undefined>;
  /** Oldest first. */
  listProducts(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ProductRecord>>;
  /** False when the account already has a product (one per account). */
  insertActivation(tx: Tx, activation: ActivationRecord): Promise<boolean>;
  findActivation(tx: Tx, teamId: string, id: string): Promise<ActivationRecord | undefined>;
  /** Oldest first. */
  listActivations(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ActivationRecord>>;
  /**
   * Up to `limit` activations with interest to accrue (accrued_through before
   * `day`) or a fee due (next_fee_at at or before `now`), locked until the
   * unit of work ends; rows another process holds are skipped.
   */
  claimDue(tx: Tx, day: Date, now: Date, limit: number): Promise<ActivationRecord[]>;
  update(tx: Tx, activation: ActivationRecord): Promise<void>;
}
export const ProductRepository = token<ProductRepository>('product.repository');
