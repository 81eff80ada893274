import type { AggregateKind, Direction, GroupBy, Status, TransactionKind } from './lexicon.js';

/** What the interpreter understood: the spec's interpreted_query fields and the others it fills. */
export interface Interpretation {
  readonly type: TransactionKind[];
  readonly status: Status[];
  readonly direction: Direction | null;
  /** Lower bound, a decimal string in `currency`; inclusive when amount_min_inclusive. */
  readonly amount_min: string | null;
  readonly amount_min_inclusive: boolean;
  readonly amount_max: string | null;
  readonly amount_max_inclusive: boolean;
  /** The asset the query names (with an amount, or alone: "my BTC deposits"); transactions are filtered to it. */
  readonly currency: string | null;
  /** from inclusive, to exclusive (ISO 8601 UTC); null ends are open. */
  readonly date_range: { readonly from: string | null; readonly to: string | null };
  /** true: only transactions with compliance flags; false: only without; null: either. */
  readonly has_compliance_flags: boolean | null;
  /** Account names of the team named in the query (transactions of or with them). */
  readonly counterparties: string[];
  readonly chains: string[];
  readonly bridges: string[];
  readonly sort: { readonly field: 'amount' | 'created_at'; readonly direction: 'asc' | 'desc' } | null;
  readonly limit: number | null;
  /** A number (or a table grouped by `group_by`, in that order) instead of a list. */
  readonly aggregate: { readonly function: AggregateKind; readonly group_by: GroupBy[] } | null;
}

export interface InterpretResult {
  readonly interpreted_query: Interpretation;
  /** Share of the sentence understood, 0 to 1, two decimals (docs/ai.md). */
  readonly interpretation_confidence: number;
  /** Words of the (normalised) query nobody understood, in order. */
  readonly not_understood: string[];
  /** Typos read as vocabulary words. */
  readonly corrections: Array<{ readonly from: string; readonly to: string }>;
  /** False when no slot was filled: the caller answers 422 with suggestions. */
  readonly understood: boolean;
}
