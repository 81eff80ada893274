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

/** Decimal places of the coverage ratio. */
export const COVERAGE_RATIO_DECIMALS = 6;

/**
 * reserve ÷ supply with COVERAGE_RATIO_DECIMALS places, rounded down so that
 * it never shows more coverage than there is; null while nothing is
 * outstanding. Shared by the stablecoin module's views and regtech's status.
 */
export function coverageRatio(reserve: StablecoinReserve): string | null {
  if (reserve.outstandingSupply === 0n) return null;
  const scale = 10n ** BigInt(COVERAGE_RATIO_DECIMALS);
  const scaled = (reserve.reserveAssets * scale) / reserve.outstandingSupply;
  return `${scaled / scale}.${(scaled % scale).toString().padStart(COVERAGE_RATIO_DECIMALS, '0')}`;
}

/** Whether the reserve covers every outstanding token at par (MiCA's floor for e-money tokens). */
export const fullyReserved = (reserve: StablecoinReserve) => reserve.reserveAssets >= reserve.outstandingSupply;
