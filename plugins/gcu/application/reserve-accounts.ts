/**
 * The basket's system accounts in each team's ledger (system accounts may go
 * negative; their balance is the sum of their entries):
 * - reserve: holds the component assets behind every outstanding unit;
 * - issuer: the counter-entry of issued units (−outstanding);
 * - rebalance: the market side of the reserve's trades when weights change,
 *   and the payer of a decompose's cash in lieu (the reserve keeps the
 *   remainders it stands for until the next rebalancing trades them here).
 */
export function reserveAccount(basketCode: string): string {
  return `system:basket-reserve.${basketCode.toLowerCase()}`;
}

export function issuerAccount(basketCode: string): string {
  return `system:basket-issuer.${basketCode.toLowerCase()}`;
}

export function rebalanceAccount(basketCode: string): string {
  return `system:basket-rebalance.${basketCode.toLowerCase()}`;
}
