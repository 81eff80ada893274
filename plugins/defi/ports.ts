import { token, type ActivityHistoryFilter, type Tx } from '../../kernel/public.js';
import type { LiquidityPosition } from './domain/liquidity-position.js';
import type { LendingPosition } from './domain/positions/lending-position.js';
import type { YieldPosition } from './domain/positions/yield-position.js';
import type { SwapRecord } from './domain/swap.js';
import type { SwapQuoteRecord } from './domain/swap-quote.js';

/** A pool's stored reserves (base units, in its spec's token order) and when they were last written. */
export interface StoredPool {
  readonly id: string;
  readonly chain: string;
  readonly reserves: readonly bigint[];
  /** LP shares issued through the service on top of the outside providers' (0 until the first deposit: domain/liquidity.ts). */
  readonly totalShares: bigint;
  readonly updatedAt: Date;
}

/**
 * The simulated pools' reserves (table defi_pools on SQL). Pools are seeded
 * once; every trade locks the pools it uses, then writes them.
 */
export interface PoolRepository {
  /** Inserts pools not stored yet; stored ones are left as they are (several processes may seed at once). */
  seed(tx: Tx, pools: readonly StoredPool[]): Promise<void>;
  /** The chain's pools, by id. */
  onChain(tx: Tx, chain: string): Promise<StoredPool[]>;
  /** The pools locked against other trades until the transaction ends (FOR UPDATE, in id order so trades never deadlock). */
  lock(tx: Tx, ids: readonly string[]): Promise<StoredPool[]>;
  /** Writes pools' reserves and when. */
  update(tx: Tx, pools: readonly StoredPool[]): Promise<void>;
}
export const PoolRepository = token<PoolRepository>('defi.pool-repository');

/** Swap quotes (table defi_quotes), each its team's. */
export interface QuoteRepository {
  insert(tx: Tx, quote: SwapQuoteRecord): Promise<void>;
  /** The team's quote; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<SwapQuoteRecord | undefined>;
  /** Marks the team's quote executed; false when it already was (a quote executes at most once, also under races). */
  markExecuted(tx: Tx, teamId: string, id: string, at: Date): Promise<boolean>;
}
export const QuoteRepository = token<QuoteRepository>('defi.quote-repository');

/** Executed swaps (table defi_swaps), each its team's. */
export interface SwapRepository {
  insert(tx: Tx, swap: SwapRecord): Promise<void>;
  /** The team's swap; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<SwapRecord | undefined>;
  /** The team's swaps created in [from, before) (open ends when absent), of one account if given, oldest first (created_at, id), at most `limit`. */
  history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<SwapRecord[]>;
}
export const SwapRepository = token<SwapRepository>('defi.swap-repository');

/** Liquidity positions (table defi_liquidity_positions), each its team's. */
export interface LiquidityRepository {
  insert(tx: Tx, position: LiquidityPosition): Promise<void>;
  /** The team's position; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<LiquidityPosition | undefined>;
  /** Closes an open position of the team with what it paid out; false when it was not open (a second removal, also a racing one). */
  close(tx: Tx, teamId: string, id: string, withdrawn: readonly bigint[], at: Date): Promise<boolean>;
  /** The team's positions, open ones first, newest first. */
  list(tx: Tx, teamId: string): Promise<LiquidityPosition[]>;
}
export const LiquidityRepository = token<LiquidityRepository>('defi.liquidity-repository');

/** Lending positions (table defi_lending_positions), each its team's, and which markets were seeded (defi_lending_markets). */
export interface LendingRepository {
  insert(tx: Tx, position: LendingPosition): Promise<void>;
  /** The team's position; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<LendingPosition | undefined>;
  /** The account's open positions on the chain, locked against other changes until the transaction ends (FOR UPDATE). */
  openOf(tx: Tx, teamId: string, accountId: string, chain: string): Promise<LendingPosition[]>;
  /** Every team's open positions, for the scheduled health check. */
  allOpen(tx: Tx): Promise<LendingPosition[]>;
  /** Closes an open position of the team with what it settled; false when it was not open (a second close, also a racing one). */
  close(tx: Tx, teamId: string, id: string, settled: bigint, at: Date): Promise<boolean>;
  /** Sets `warned` on those of the open positions whose flag differs; returns the ids it changed (another process may have changed them first). */
  setWarned(tx: Tx, ids: readonly string[], warned: boolean): Promise<string[]>;
  /** The team's positions, open ones first, newest first. */
  list(tx: Tx, teamId: string): Promise<LendingPosition[]>;
  /** Records that the market's liquidity of `token` on `chain` was seeded; false when it already was. */
  markSeeded(tx: Tx, chain: string, token: string, at: Date): Promise<boolean>;
}
export const LendingRepository = token<LendingRepository>('defi.lending-repository');

/** Staking and farming positions (table defi_yield_positions), each its team's. */
export interface YieldRepository {
  insert(tx: Tx, position: YieldPosition): Promise<void>;
  /** The team's position; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<YieldPosition | undefined>;
  /**
   * Records a harvest of `reward` accrued from `from` to `to` on an open position; false when the
   * position is not open or its rewards no longer run from `from` (a racing harvest took them). Closes it when `close`.
   */
  harvest(tx: Tx, teamId: string, id: string, from: Date, to: Date, reward: bigint, close: boolean): Promise<boolean>;
  /** The team's positions, open ones first, newest first. */
  list(tx: Tx, teamId: string): Promise<YieldPosition[]>;
}
export const YieldRepository = token<YieldRepository>('defi.yield-repository');
