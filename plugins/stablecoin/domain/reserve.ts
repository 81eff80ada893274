import type { StablecoinReserve } from '../../../kernel/public.js';

/**
 * The token's system accounts in each team's ledger (system accounts may go
 * negative; their balance is the sum of their entries):
 * - reserve: holds the reference asset paid in for every outstanding token;
 * - issuer: the counter-entry of issued tokens (its balance is −outstanding).
 */
export const reserveAccount = (code: string) => `system:stablecoin-reserve.${code.toLowerCase()}`;
export const issuerAccount = (code: string) => `system:stablecoin-issuer.${code.toLowerCase()}`;

/** Decimal places of the coverage ratio. */
export const RATIO_DECIMALS = 6;

/**
 * reserve ÷ supply with RATIO_DECIMALS places, rounded down so that it never
 * shows more coverage than there is; null while nothing is outstanding.
 */
export function coverageRatio(reserve: StablecoinReserve): string | null {
  if (reserve.outstandingSupply === 0n) return null;
  const scale = 10n ** BigInt(RATIO_DECIMALS);
  const scaled = (reserve.reserveAssets * scale) / reserve.outstandingSupply;
  const whole = scaled / scale;
  return `${whole}.${(scaled % scale).toString().padStart(RATIO_DECIMALS, '0')}`;
}

/** Whether the reserve covers every outstanding token (MiCA: at least at par). */
export const fullyReserved = (reserve: StablecoinReserve) => reserve.reserveAssets >= reserve.outstandingSupply;

export type IssuanceKind = 'mint' | 'redeem';

/** One mint or redemption, as stored (amounts in minor units, the same for token and reference asset). */
export interface IssuanceRecord {
  readonly id: string;
  readonly teamId: string;
  readonly kind: IssuanceKind;
  readonly code: string;
  readonly referenceAsset: string;
  readonly accountId: string;
  readonly amount: bigint;
  readonly movementId: string;
  readonly createdAt: Date;
}
