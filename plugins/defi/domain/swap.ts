import type { Dex } from './pool-catalog.js';

/** An executed swap as stored; its status (submitted, confirmed) follows from its chain transaction's finality. */
export interface SwapRecord {
  readonly id: string;
  readonly teamId: string;
  /** The quote it executed (a version 2 swap quotes and executes at once, its quote stored like any). */
  readonly quoteId: string;
  readonly accountId: string;
  readonly chain: string;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amountIn: bigint;
  /** What the quote promised. */
  readonly expectedOutput: bigint;
  /** What the pools paid. */
  readonly amountOut: bigint;
  readonly minimumOutput: bigint;
  readonly dex: Dex;
  readonly path: readonly string[];
  readonly pools: readonly string[];
  /** The chain transaction that paid the input into the first pool. */
  readonly txHash: string;
  readonly gasPriceWei: bigint;
  readonly createdAt: Date;
}
