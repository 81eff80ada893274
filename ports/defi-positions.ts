import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * A team's open DeFi positions (provided by defi: lending, staking and
 * farming, liquidity; docs/defi.md#portfolio), valued at the price feed now.
 * The cross-chain portfolio shows them per chain. Reading changes nothing.
 */
export interface DefiPosition {
  readonly positionId: string;
  /** lending_supply, lending_borrow, staking, yield_farming or liquidity_pool. */
  readonly type: string;
  readonly accountId: string;
  readonly chain: string;
  /** lending_market, the program (staking:WETH) or the pool id. */
  readonly protocol: string;
  /** USD cents at the price feed now; a borrow's is its debt. */
  readonly valueUsdCents: bigint;
  /** Whether the value is owed (a borrow) rather than held. */
  readonly debt: boolean;
}

export interface DefiPositions {
  /** The team's open positions, of one account when `accountId` is given. */
  open(tx: Tx, teamId: string, accountId: string | null): Promise<DefiPosition[]>;
}
export const DefiPositions = token<DefiPositions>('defi.positions');
