import type { Interpretation } from '../interpreter/interpretation.js';
import type { Status, TransactionKind } from '../interpreter/lexicon.js';

/** An amount of one asset in its minor units. */
export interface AssetAmount {
  readonly amount: bigint;
  readonly precision: number;
  readonly assetCode: string;
}

/**
 * A transaction as the query engine reads it: a core-banking history entry
 * or another module's activity (swap, payment, cross-chain transfer), plus
 * monitoring's signals; amount in minor units of its asset.
 */
export interface Candidate extends AssetAmount {
  readonly id: string;
  /** Null for activity outside the team's accounts (an x402 payment made from an outside wallet). */
  readonly accountId: string | null;
  readonly type: TransactionKind;
  readonly chain: string | null;
  /** pending_review when monitoring holds it for review, else its own status. */
  readonly status: Status;
  readonly direction: 'sent' | 'received';
  readonly counterpartyName: string | null;
  readonly accountName: string | null;
  readonly sourceChain: string | null;
  readonly destinationChain: string | null;
  readonly bridgeProtocol: string | null;
  /** A swap's other side (what the pools paid); null otherwise. */
  readonly received: AssetAmount | null;
  readonly riskScore: number | null;
  readonly complianceFlags: readonly string[];
  readonly createdAt: Date;
}

/** The side of a transaction in `currency`: its amount, or a swap's other side; undefined when neither is in it. */
export function sideIn(candidate: Candidate, currency: string): AssetAmount | undefined {
  if (candidate.assetCode === currency) return candidate;
  return candidate.received?.assetCode === currency ? candidate.received : undefined;
}

/** Every chain a transaction touched: its own, and a cross-chain transfer's source and destination. */
export function chainsOf(candidate: Candidate): string[] {
  return [candidate.chain, candidate.sourceChain, candidate.destinationChain].filter((chain): chain is string => chain !== null);
}

/** `text` (a decimal string) in minor units at `precision`, truncated; `exact` false when digits past the asset's precision were dropped. */
function minorOf(text: string, precision: number): { minor: bigint; exact: boolean } {
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.slice(0, precision).padEnd(precision, '0');
  const minor = BigInt(`${whole}${kept}`);
  return { minor, exact: fraction.length <= precision || /^0*$/.test(fraction.slice(precision)) };
}

function amountMatches(candidate: Candidate, q: Interpretation): boolean {
  // An amount is compared in the query's asset: a swap from or into it, on that side.
  const side = q.currency === null ? candidate : sideIn(candidate, q.currency);
  if (side === undefined) return false;
  if (q.amount_min !== null) {
    const { minor, exact } = minorOf(q.amount_min, side.precision);
    // A bound finer than the asset: "over 0.001" on a 2-decimal asset means at least 0.01.
    const passes = exact ? (q.amount_min_inclusive ? side.amount >= minor : side.amount > minor) : side.amount > minor;
    if (!passes) return false;
  }
  if (q.amount_max !== null) {
    const { minor, exact } = minorOf(q.amount_max, side.precision);
    const passes = exact ? (q.amount_max_inclusive ? side.amount <= minor : side.amount < minor) : side.amount <= minor;
    if (!passes) return false;
  }
  return true;
}

/**
 * Whether a transaction answers the interpretation's filters. The sources
 * were already narrowed by date, account and (core banking) type and
 * asset; this applies the rest: types, statuses, the asset (either side of
 * a swap), amounts, direction, counterparties, chains (any a transaction
 * touched), bridges and compliance flags. Counterparties match the account
 * itself or the other side, by name.
 */
export function matches(candidate: Candidate, q: Interpretation): boolean {
  if (q.type.length > 0 && !q.type.includes(candidate.type)) return false;
  if (q.status.length > 0 && !q.status.includes(candidate.status)) return false;
  if (q.currency !== null && sideIn(candidate, q.currency) === undefined) return false;
  if (!amountMatches(candidate, q)) return false;
  if (q.direction !== null && candidate.direction !== q.direction) return false;
  if (q.counterparties.length > 0) {
    const names = [candidate.counterpartyName, candidate.accountName].filter((name) => name !== null).map((name) => name.toLowerCase());
    if (!q.counterparties.some((name) => names.includes(name.toLowerCase()))) return false;
  }
  if (q.chains.length > 0 && !chainsOf(candidate).some((chain) => q.chains.includes(chain))) return false;
  if (q.bridges.length > 0 && (candidate.bridgeProtocol === null || !q.bridges.includes(candidate.bridgeProtocol))) return false;
  if (q.has_compliance_flags !== null && (candidate.complianceFlags.length > 0) !== q.has_compliance_flags) return false;
  return true;
}

/** The interpretation's order; by default the newest first. Ties by id, so answers are stable. */
export function sortCandidates<T extends Candidate & { readonly value: bigint }>(candidates: readonly T[], q: Interpretation): T[] {
  const sort = q.sort ?? { field: 'created_at', direction: 'desc' };
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...candidates].sort((a, b) => {
    const primary = sort.field === 'amount' ? compare(a.value, b.value) : compare(a.createdAt.getTime(), b.createdAt.getTime());
    // Both sides of a payment within the team share its id: the direction tells them apart.
    return sign * primary || a.id.localeCompare(b.id) || a.direction.localeCompare(b.direction);
  });
}

const compare = (a: bigint | number, b: bigint | number): number => (a < b ? -1 : a > b ? 1 : 0);
