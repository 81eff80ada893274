import { token, type Tx } from '../../kernel/public.js';
import type { SwapQuoteRecord } from './domain/swap-quote.js';

/** A pool's stored reserves (base units, in its spec's token order) and when they were last written. */
export interface StoredPool {
  readonly id: string;
  readonly chain: string;
  readonly reserves: readonly bigint[];
  readonly updatedAt: Date;
}

/**
 * The simulated pools' reserves (table defi_pools on SQL). Pools are seeded
 * once; every swap writes them under a row lock (later: swap execution).
 */
export interface PoolRepository {
  /** Inserts pools not stored yet; stored ones are left as they are (several processes may seed at once). */
  seed(tx: Tx, pools: readonly StoredPool[]): Promise<void>;
  /** The chain's pools, by id. */
  onChain(tx: Tx, chain: string): Promise<StoredPool[]>;
}
export const PoolRepository = token<PoolRepository>('defi.pool-repository');

/** Swap quotes (table defi_quotes), each its team's. */
export interface QuoteRepository {
  insert(tx: Tx, quote: SwapQuoteRecord): Promise<void>;
  /** The team's quote; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<SwapQuoteRecord | undefined>;
}
export const QuoteRepository = token<QuoteRepository>('defi.quote-repository');
