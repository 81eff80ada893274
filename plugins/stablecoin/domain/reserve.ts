/**
 * The token's system accounts in each team's ledger (system accounts may go
 * negative; their balance is the sum of their entries):
 * - reserve: holds the reference asset paid in for every outstanding token;
 * - issuer: the counter-entry of issued tokens (its balance is −outstanding).
 */
export const reserveAccount = (code: string) => `system:stablecoin-reserve.${code.toLowerCase()}`;
export const issuerAccount = (code: string) => `system:stablecoin-issuer.${code.toLowerCase()}`;

/** The coverage figures live with the port, so that regtech's status computes them the same way. */
export { coverageRatio, fullyReserved } from '../../../kernel/public.js';

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
