/**
 * A continuous growth offering round: the bank (an operator) offers units at
 * a fixed price in one asset, up to a hard cap, until a closing time. Teams
 * invest by paying units × price into escrow; at close every investment is
 * allocated (all it asked for, or its pro-rata share when the round is
 * oversubscribed) and what was not allocated is refunded. Pure rules, no I/O.
 */
export type RoundStatus = 'open' | 'closed';
export type InvestmentStatus = 'escrowed' | 'allocated';
/** refunded: paid back to the account; none: nothing to refund; held: the account was no longer active, the refund stays in escrow. */
export type RefundStatus = 'pending' | 'none' | 'refunded' | 'held';

export interface RoundRecord {
  readonly id: string;
  /** The operator's team that opened it: its events go there. Rounds are the bank's, readable by every team. */
  readonly teamId: string;
  readonly name: string;
  readonly assetCode: string;
  /** Minor units of the asset per unit. */
  readonly pricePerUnit: bigint;
  readonly minUnits: number;
  readonly maxUnits: number;
  readonly hardCapUnits: number;
  readonly closesAt: Date;
  readonly status: RoundStatus;
  readonly createdAt: Date;
  readonly closedAt: Date | null;
  /** Set at close: units asked for, units allocated, investments. */
  readonly subscribedUnits: number | null;
  readonly allocatedUnits: number | null;
  readonly investors: number | null;
}

export interface InvestmentRecord {
  readonly id: string;
  readonly teamId: string;
  readonly roundId: string;
  readonly accountId: string;
  readonly assetCode: string;
  readonly requestedUnits: number;
  /** requestedUnits × price, paid into escrow. */
  readonly paid: bigint;
  readonly status: InvestmentStatus;
  readonly allocatedUnits: number | null;
  /** allocatedUnits × price, moved from escrow to the round's proceeds. */
  readonly cost: bigint | null;
  /** paid − cost. */
  readonly refund: bigint | null;
  readonly refundStatus: RefundStatus;
  readonly paymentMovementId: string;
  readonly settlementMovementId: string | null;
  readonly createdAt: Date;
  readonly allocatedAt: Date | null;
}

/** The system account that holds investors' payments until close (per team's books). */
export const ESCROW_ACCOUNT = 'system:cgo-escrow';
/** The system account allocated payments go to: what the bank raised. */
export const PROCEEDS_ACCOUNT = 'system:cgo-proceeds';

/** The most units a round may offer: a GraphQL Int (32-bit), so every per-round figure fits it; sums over rounds are bigints. */
export const MAX_UNITS = 2_147_483_647;

/** What a round's terms break, as [field, detail] pairs; empty when they hold. */
export function termProblems(terms: { minUnits: number; maxUnits: number; hardCapUnits: number; closesAt: Date }, now: Date): [string, string][] {
  const problems: [string, string][] = [];
  if (terms.maxUnits < terms.minUnits) problems.push(['max_units_per_investor', 'max_units_per_investor must be at least min_units_per_investor.']);
  if (terms.hardCapUnits < terms.maxUnits) problems.push(['hard_cap_units', 'hard_cap_units must be at least max_units_per_investor.']);
  if (terms.closesAt.getTime() <= now.getTime()) problems.push(['closes_at', 'closes_at must be in the future.']);
  return problems;
}

/** Whether the round takes investments at `now`: open and not yet at its closing time. */
export function acceptsInvestments(round: RoundRecord, now: Date): boolean {
  return round.status === 'open' && now.getTime() < round.closesAt.getTime();
}

/**
 * Units allocated to each request, in order. Within the cap everyone gets
 * what they asked for. Oversubscribed, each gets floor(asked × cap / total)
 * and the units left by rounding down (fewer than the number of requests)
 * go one each to the largest remainders, the earlier request first on a
 * tie (largest remainder method): the allocations sum to the cap exactly,
 * nobody gets more than asked, and every figure is an exact integer.
 */
export function allocate(requested: readonly number[], hardCap: number): number[] {
  const total = requested.reduce((sum, units) => sum + BigInt(units), 0n);
  const cap = BigInt(hardCap);
  if (total <= cap) return [...requested];
  const shares = requested.map((units, index) => {
    const scaled = BigInt(units) * cap;
    return { index, base: scaled / total, remainder: scaled % total };
  });
  let left = cap - shares.reduce((sum, share) => sum + share.base, 0n);
  const extra = new Set<number>();
  for (const share of [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))) {
    if (left === 0n) break;
    extra.add(share.index);
    left -= 1n;
  }
  return shares.map((share) => Number(share.base) + (extra.has(share.index) ? 1 : 0));
}

/** The ledger legs that settle an allocated investment: escrow pays the proceeds and, when refunded, the investor's account. */
export function settlementLegs(investment: InvestmentRecord, cost: bigint, refundTo: string | null): { accountId: string; assetCode: string; amount: bigint }[] {
  const refund = investment.paid - cost;
  const legs = [{ accountId: ESCROW_ACCOUNT, assetCode: investment.assetCode, amount: -(refundTo === null ? cost : investment.paid) }];
  if (cost > 0n) legs.push({ accountId: PROCEEDS_ACCOUNT, assetCode: investment.assetCode, amount: cost });
  if (refund > 0n && refundTo !== null) legs.push({ accountId: refundTo, assetCode: investment.assetCode, amount: refund });
  // Nothing allocated and nothing refundable: no movement at all.
  return legs[0]!.amount === 0n ? [] : legs;
}
