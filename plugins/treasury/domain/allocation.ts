/** One chain's share of a token's total, in basis points (100 % = 10,000). */
export interface AllocationTarget {
  readonly chain: string;
  readonly bps: number;
}

/** A team's target allocation of one token across chains (table treasury_allocations). */
export interface AllocationRecord {
  readonly teamId: string;
  readonly token: string;
  /** In the order the team gave them; bps sum to 10,000. */
  readonly targets: readonly AllocationTarget[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const WHOLE_BPS = 10_000;

const PERCENT = /^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/;

/** '50', '33.33', '0.5' → basis points; undefined unless a decimal string from 0 to 100 with at most two decimals. */
export function percentToBps(text: unknown): number | undefined {
  if (typeof text !== 'string' || !PERCENT.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Basis points as the API writes a percentage: two decimals ('50.00'). */
export function bpsToPercent(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}
