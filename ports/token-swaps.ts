import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Swapping one token for another in an account's holdings on one chain
 * (provided by defi: its DEX aggregator and pools, docs/defi.md). The
 * cross-chain swap uses it on the destination chain once the bridged tokens
 * have arrived (docs/crosschain.md#cross-chain-swaps). Amounts are base
 * units of the tokens; everything happens inside the caller's unit of work.
 */
export interface TokenSwapRequest {
  readonly teamId: string;
  readonly chain: string;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amountIn: bigint;
}

export interface TokenSwapOrder extends TokenSwapRequest {
  readonly accountId: string;
  /** The least output accepted; the swap is not made when the pools pay less now. */
  readonly minimumOutput: bigint;
}

export type TokenSwapResult =
  | { readonly ok: true; readonly swapId: string; readonly amountOut: bigint; readonly txHash: string; readonly dex: string }
  /** Nothing moved: the pools pay less than the minimum now (`expectedOutput` is what they pay), or no pool makes the trade. */
  | { readonly ok: false; readonly code: 'slippage_exceeded' | 'no_route'; readonly expectedOutput: bigint | null; readonly detail: string };

export interface TokenSwaps {
  /** What the best route pays now for `amountIn`, net of nothing (pool fees taken); undefined when no pool makes the trade. Stores nothing. */
  estimate(tx: Tx, request: TokenSwapRequest): Promise<bigint | undefined>;
  /** Swaps at the pools' state now when they pay at least `minimumOutput`; the account needs `amountIn` of the token available. */
  swap(tx: Tx, order: TokenSwapOrder): Promise<TokenSwapResult>;
}
export const TokenSwaps = token<TokenSwaps>('defi.token-swaps');
