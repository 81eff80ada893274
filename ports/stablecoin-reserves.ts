import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * A team's e-money tokens and the reserve behind them (provided by the
 * stablecoin module, docs/stablecoin.md), read from the ledger in the
 * caller's unit of work: the figures MiCA's e-money-token reserve rules
 * ask for. Regtech's compliance status reads them (optionally). Reading
 * changes nothing.
 */
export interface StablecoinReserve {
  /** The token's asset code. */
  readonly code: string;
  /** The fiat asset each token is redeemable for at par. */
  readonly referenceAsset: string;
  /** Token and reference asset share this precision (minor units are 1:1). */
  readonly precision: number;
  /** Tokens issued and not redeemed, in minor units. */
  readonly outstandingSupply: bigint;
  /** The reference asset held in the reserve account, in minor units. */
  readonly reserveAssets: bigint;
}

export interface StablecoinReserves {
  /** Every configured token with the team's figures now (zero when it never minted). */
  reserves(tx: Tx, teamId: string): Promise<StablecoinReserve[]>;
}
export const StablecoinReserves = token<StablecoinReserves>('stablecoin.reserves');
