/**
 * A lending position: one supply to, or one borrow from, the lending market
 * on one chain, by one account. It opens with its principal and closes
 * whole (withdraw or repay), paying or charging the interest accrued since
 * it opened (interest.ts).
 */
export interface LendingPosition {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly chain: string;
  readonly side: 'supply' | 'borrow';
  readonly token: string;
  /** Base units supplied or borrowed. */
  readonly principal: bigint;
  readonly status: 'open' | 'closed';
  /** Principal plus interest paid out (supply) or repaid (borrow) at close; null while open. */
  readonly settled: bigint | null;
  /** Whether a liquidation warning was emitted for this borrow's account and chain since its health factor last stood above the threshold. */
  readonly warned: boolean;
  readonly openedAt: Date;
  readonly closedAt: Date | null;
}
