import { INSTANT_RANGE_RULE, isWithinInstantRange, LATEST_INSTANT, ValidationError } from '../../../kernel/public.js';

/**
 * Transaction list rules: the allowed filters and sort fields, and how the
 * query strings of GET /accounts/{id}/transactions become them.
 */
export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** pending_review: the sender's side of a transfer held for a compliance review (docs/core-banking.md, Transfers). */
export const TRANSACTION_STATUSES = ['pending', 'pending_review', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const SORT_FIELDS = ['created_at', 'amount'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface TransactionSort {
  readonly field: SortField;
  readonly descending: boolean;
}

export const DEFAULT_SORT: TransactionSort = { field: 'created_at', descending: true };

export interface TransactionFilter {
  readonly accountId?: string;
  readonly assetCode?: string;
  readonly type?: TransactionType;
  readonly status?: TransactionStatus;
  /** Inclusive lower bound of created_at. */
  readonly from?: Date;
  /** Exclusive upper bound of created_at. */
  readonly before?: Date;
}

/** 'created_at', '-created_at', 'amount' or '-amount' (a leading minus means descending). */
export function parseSort(text: string | undefined): TransactionSort {
  if (text === undefined || text === '') return DEFAULT_SORT;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  if (!(SORT_FIELDS as readonly string[]).includes(field)) {
    throw new ValidationError([
      { parameter: 'sort', code: 'invalid_sort', detail: `sort must be one of ${SORT_FIELDS.join(', ')}, optionally with a leading '-'.` },
    ]);
  }
  return { field: field as SortField, descending };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

interface Instant {
  readonly at: Date;
  readonly dateOnly: boolean;
}

function parseInstant(text: string, parameter: string): Instant {
  const invalid = (): ValidationError =>
    new ValidationError([
      { parameter, code: 'invalid_date', detail: `${parameter} must be an ISO 8601 date (2026-01-31) or UTC timestamp (2026-01-31T12:00:00Z).` },
    ]);
  const dateOnly = DATE_ONLY.test(text);
  if (!dateOnly && !DATE_TIME.test(text)) throw invalid();
  const at = new Date(dateOnly ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(at.getTime())) throw invalid();
  // Reject dates the parser rolls over (2026-02-30 would become March 2).
  if (dateOnly && at.toISOString().slice(0, 10) !== text) throw invalid();
  if (!dateOnly && at.toISOString().slice(0, 10) !== text.slice(0, 10) && /Z$/.test(text)) throw invalid();
  if (!isWithinInstantRange(at)) {
    throw new ValidationError([{ parameter, code: 'date_out_of_range', detail: `${parameter} ${INSTANT_RANGE_RULE}.` }]);
  }
  return { at, dateOnly };
}

const DAY_MS = 86_400_000;

/**
 * start_date is inclusive; end_date is inclusive too: a date covers its whole
 * (UTC) day, a timestamp covers up to and including that millisecond. Both
 * lie in the kernel's instant range (422 date_out_of_range otherwise); an
 * end that reaches its last instant sets no bound, since nothing is stored
 * later and the bound itself could not be sent to a store.
 */
export function parseDateRange(start: string | undefined, end: string | undefined): Pick<TransactionFilter, 'from' | 'before'> {
  const from = start ? parseInstant(start, 'start_date').at : undefined;
  let before: Date | undefined;
  if (end) {
    const parsed = parseInstant(end, 'end_date');
    const bound = new Date(parsed.at.getTime() + (parsed.dateOnly ? DAY_MS : 1));
    if (bound.getTime() <= LATEST_INSTANT.getTime()) before = bound;
  }
  if (from && before && before.getTime() <= from.getTime()) {
    throw new ValidationError([{ parameter: 'end_date', code: 'invalid_date_range', detail: 'end_date must not be before start_date.' }]);
  }
  return { ...(from ? { from } : {}), ...(before ? { before } : {}) };
}
