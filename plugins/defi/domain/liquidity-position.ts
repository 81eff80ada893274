/** A liquidity position: an account's shares of one pool, opened by adding liquidity and closed by removing it all. */
export interface LiquidityPosition {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly chain: string;
  readonly poolId: string;
  readonly shares: bigint;
  /** What was paid in, per token in the pool's order. */
  readonly deposited: readonly bigint[];
  /** The pool's invariant per share when it opened (liquidity.ts SCALE): fee income is its growth since. */
  readonly invariantPerShare: bigint;
  readonly status: 'open' | 'closed';
  /** What removing it paid out, per token; null while open. */
  readonly withdrawn: readonly bigint[] | null;
  readonly openedAt: Date;
  readonly closedAt: Date | null;
}
