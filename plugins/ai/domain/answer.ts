import type { Interpretation } from '../interpreter/interpretation.js';

/**
 * The one-line answer in words, built from the result only (never from
 * anything the result does not hold): "You deposited 1,250.00 USD in 3
 * deposits from 2026-11-16 to 2026-11-22."
 */
const NOUNS: Readonly<Record<string, readonly [string, string]>> = {
  deposit: ['deposit', 'deposits'],
  withdrawal: ['withdrawal', 'withdrawals'],
  transfer: ['transfer', 'transfers'],
  cross_chain_transfer: ['cross-chain transfer', 'cross-chain transfers'],
  swap: ['swap', 'swaps'],
  payment: ['payment', 'payments'],
};
const VERBS: Readonly<Record<string, string>> = { deposit: 'deposited', withdrawal: 'withdrew', transfer: 'transferred', swap: 'swapped', payment: 'paid' };

export function noun(q: Interpretation, count: number): string {
  const [one, many] = q.type.length === 1 ? NOUNS[q.type[0]!]! : ['transaction', 'transactions'];
  return count === 1 ? one : many;
}

function days(q: Interpretation): string {
  const { from, to } = q.date_range;
  const dayOf = (iso: string) => iso.slice(0, 10);
  const lastDay = (iso: string) => new Date(new Date(iso).getTime() - 86_400_000).toISOString().slice(0, 10);
  if (from && to) return dayOf(from) === lastDay(to) ? ` on ${dayOf(from)}` : ` from ${dayOf(from)} to ${lastDay(to)}`;
  if (from) return ` since ${dayOf(from)}`;
  if (to) return ` before ${dayOf(to)}`;
  return '';
}

export type ResultSummary =
  | { readonly kind: 'list'; readonly total: number; readonly shown: number }
  | { readonly kind: 'number'; readonly fn: 'sum' | 'count' | 'average'; readonly value: string; readonly currency: string | null; readonly count: number }
  | { readonly kind: 'table'; readonly rows: ReadonlyArray<{ readonly label: string; readonly value: string }> };

export function answerInWords(q: Interpretation, result: ResultSummary): string {
  const when = days(q);
  switch (result.kind) {
    case 'list':
      if (result.total === 0) return `No ${noun(q, 2)} matched${when}.`;
      return `Found ${result.total} ${noun(q, result.total)}${when}${result.shown < result.total ? `; showing ${result.shown}` : ''}.`;
    case 'number': {
      const n = `${result.count} ${noun(q, result.count)}`;
      if (result.fn === 'count') return `There ${result.count === 1 ? 'was' : 'were'} ${n}${when}.`;
      const money = `${result.value} ${result.currency ?? ''}`.trim();
      if (result.fn === 'average') return `The average ${noun(q, 1)} was ${money} over ${n}${when}.`;
      const verb = q.direction === 'sent' ? 'sent' : q.direction === 'received' ? 'received' : q.type.length === 1 ? VERBS[q.type[0]!] : undefined;
      return verb ? `You ${verb} ${money} in ${n}${when}.` : `The total is ${money} over ${n}${when}.`;
    }
    case 'table':
      if (result.rows.length === 0) return `No ${noun(q, 2)} matched${when}.`;
      return `${result.rows.length} group${result.rows.length === 1 ? '' : 's'}${when}: ${result.rows.map((row) => `${row.label} ${row.value}`).join('; ')}.`;
  }
}
