import type { Interpretation } from '../interpreter/interpretation.js';

/** A transaction as the query engine reads it: the history entry plus monitoring's signals, amount in minor units of its asset. */
export interface Candidate {
  readonly id: string;
  readonly accountId: string;
  readonly type: 'deposit' | 'withdrawal' | 'transfer';
  readonly amount: bigint;
  readonly precision: number;
  readonly assetCode: string;
  readonly chain: string | null;
  readonly status: 'pending' | 'pending_review' | 'completed' | 'failed';
  readonly direction: 'sent' | 'received';
  readonly counterpartyName: string | null;
  readonly accountName: string;
  readonly riskScore: number | null;
  readonly complianceFlags: readonly string[];
  readonly createdAt: Date;
}

/** `text` (a decimal string) in minor units at `precision`, truncated; `exact` false when digits past the asset's precision were dropped. */
function minorOf(text: string, precision: number): { minor: bigint; exact: boolean } {
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.slice(0, precision).padEnd(precision, '0');
  const minor = BigInt(`${whole}${kept}`);
  return { minor, exact: fraction.length <= precision || /^0*$/.test(fraction.slice(precision)) };
}

function amountMatches(candidate: Candidate, q: Interpretation): boolean {
  if (q.amount_min !== null) {
    const { minor, exact } = minorOf(q.amount_min, candidate.precision);
    // A bound finer than the asset: "over 0.001" on a 2-decimal asset means at least 0.01.
    const passes = exact ? (q.amount_min_inclusive ? candidate.amount >= minor : candidate.amount > minor) : candidate.amount > minor;
    if (!passes) return false;
  }
  if (q.amount_max !== null) {
    const { minor, exact } = minorOf(q.amount_max, candidate.precision);
    const passes = exact ? (q.amount_max_inclusive ? candidate.amount <= minor : candidate.amount < minor) : candidate.amount <= minor;
    if (!passes) return false;
  }
  return true;
}

/**
 * Whether a transaction answers the interpretation's filters. The history
 * was already narrowed by date, the core types and statuses and the asset;
 * this applies the rest: amounts, direction, counterparties, chains and
 * compliance flags. Counterparties match the account itself or the other
 * side of a transfer, by name.
 */
export function matches(candidate: Candidate, q: Interpretation): boolean {
  if (!amountMatches(candidate, q)) return false;
  if (q.direction !== null && candidate.direction !== q.direction) return false;
  if (q.counterparties.length > 0) {
    const names = [candidate.counterpartyName, candidate.accountName].filter((name) => name !== null).map((name) => name.toLowerCase());
    if (!q.counterparties.some((name) => names.includes(name.toLowerCase()))) return false;
  }
  if (q.chains.length > 0 && (candidate.chain === null || !q.chains.includes(candidate.chain))) return false;
  // Bridges: no transaction of the history crossed one yet (docs/ai.md, limits).
  if (q.bridges.length > 0) return false;
  if (q.has_compliance_flags !== null && (candidate.complianceFlags.length > 0) !== q.has_compliance_flags) return false;
  return true;
}

/** The interpretation's order; by default the newest first. Ties by id, so answers are stable. */
export function sortCandidates<T extends Candidate & { readonly value: bigint }>(candidates: readonly T[], q: Interpretation): T[] {
  const sort = q.sort ?? { field: 'created_at', direction: 'desc' };
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...candidates].sort((a, b) => {
    const primary = sort.field === 'amount' ? compare(a.value, b.value) : compare(a.createdAt.getTime(), b.createdAt.getTime());
    return sign * primary || a.id.localeCompare(b.id);
  });
}

const compare = (a: bigint | number, b: bigint | number): number => (a < b ? -1 : a > b ? 1 : 0);
