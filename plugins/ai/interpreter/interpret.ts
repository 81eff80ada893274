import { readAmounts } from './amounts.js';
import { readDates } from './dates.js';
import { correct } from './fuzzy.js';
import type { Interpretation, InterpretResult } from './interpretation.js';
import { PHRASES, STOP_WORDS, WORDS, type GroupBy, type Meaning } from './lexicon.js';
import { countOf, normalise, NUMBER_WORD, Sentence } from './text.js';

export interface InterpretContext {
  /** The clock port's time: every relative date is read against it. */
  readonly now: Date;
  /** Asset codes of the catalogue ("btc", "usdc" are currencies). */
  readonly assetCodes: ReadonlySet<string>;
  /** The team's account names, matched as counterparties. */
  readonly accountNames: readonly string[];
}

/** Same slot and value: a typo between two forms of one word is no ambiguity. */
function sameMeaning(a: Meaning | undefined, b: Meaning | undefined): boolean {
  const key = (m: Meaning | undefined) => m && JSON.stringify({ ...m, singular: undefined });
  return key(a) === key(b);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FUZZY_WEIGHT = 0.75;
/** "top 99999999999999999999" asks for everything: limits are capped here, as max_results caps the list. */
export const MAX_LIMIT = 1000;
const limitOf = (text: string): number => Math.min(countOf(text), MAX_LIMIT);

/**
 * A deterministic slot-filling reading of a question about transactions
 * (docs/ai.md): dates, then limits, amounts, account names, phrases and
 * words of the lexicon, then typo correction of what is left. Every part
 * not understood is returned; nothing is guessed beyond the lexicon.
 */
export function interpret(query: string, context: InterpretContext): InterpretResult {
  const sentence = new Sentence(normalise(query));
  const q: Mutable<Interpretation> = {
    type: [], status: [], direction: null,
    amount_min: null, amount_min_inclusive: false, amount_max: null, amount_max_inclusive: false, currency: null,
    date_range: { from: null, to: null }, has_compliance_flags: null, counterparties: [], chains: [], bridges: [],
    sort: null, limit: null, aggregate: null,
  };
  let filled = 0;
  let singularNoun = /\btransaction\b/.test(sentence.text);
  let singularSort = false;
  let explicitSort = false;
  let aggregate: NonNullable<Interpretation['aggregate']>['function'] | null = null;
  const corrections: Array<{ from: string; to: string }> = [];
  const addTo = <T>(list: T[], value: T): void => void (list.includes(value) || list.push(value));

  const dates = readDates(sentence, context.now);
  if (dates) {
    q.date_range = { from: dates.from?.toISOString() ?? null, to: dates.to?.toISOString() ?? null };
    filled += 1;
  }

  const setSort = (field: 'amount' | 'created_at', descending: boolean): void => {
    q.sort = { field, direction: descending ? 'desc' : 'asc' };
  };
  const sortWords: Readonly<Record<string, readonly ['amount' | 'created_at', boolean]>> = {
    top: ['amount', true], largest: ['amount', true], biggest: ['amount', true], highest: ['amount', true],
    smallest: ['amount', false], lowest: ['amount', false], first: ['created_at', false], oldest: ['created_at', false],
    earliest: ['created_at', false], last: ['created_at', true], latest: ['created_at', true], newest: ['created_at', true],
    recent: ['created_at', true], 'most recent': ['created_at', true],
  };
  const sortAlternatives = Object.keys(sortWords).sort((a, b) => b.length - a.length).join('|');
  const limitPatterns = [
    new RegExp(`\\b(${sortAlternatives}) (\\d+|${NUMBER_WORD})\\b(?: (${sortAlternatives})\\b)?`, 'g'),
    new RegExp(`\\b(\\d+|${NUMBER_WORD}) (${sortAlternatives})\\b`, 'g'),
  ];
  sentence.each(limitPatterns[0]!, (m) => {
    q.limit = limitOf(m[2]!);
    const word = m[3] ?? m[1]!;
    setSort(...sortWords[word]!);
    explicitSort = true;
    filled += 1;
    return true;
  });
  sentence.each(limitPatterns[1]!, (m) => {
    q.limit = limitOf(m[1]!);
    setSort(...sortWords[m[2]!]!);
    explicitSort = true;
    filled += 1;
    return true;
  });
  sentence.each(/\blimit (?:to )?(\d+)\b/g, (m) => {
    q.limit = limitOf(m[1]!);
    filled += 1;
    return true;
  });

  const amounts = readAmounts(sentence, context.assetCodes);
  if (amounts) {
    q.amount_min = amounts.min;
    q.amount_min_inclusive = amounts.min !== null && amounts.minInclusive;
    q.amount_max = amounts.max;
    q.amount_max_inclusive = amounts.max !== null && amounts.maxInclusive;
    q.currency = amounts.currency;
    filled += 1;
  }

  // Account names, longest first, with the direction their preposition gives.
  const names = [...new Set(context.accountNames)].map((name) => [name, normalise(name)] as const).filter(([, n]) => n !== '');
  names.sort((a, b) => b[1].length - a[1].length);
  for (const [name, normalised] of names) {
    sentence.each(new RegExp(`(?:\\b(to|from|with) )?\\b${escape(normalised)}(?:s)?\\b`, 'g'), (m) => {
      addTo(q.counterparties, name);
      if (m[1] === 'to') q.direction = 'sent';
      if (m[1] === 'from') q.direction = 'received';
      filled += 1;
      return true;
    });
  }

  const groupsAt: Array<readonly [number, GroupBy]> = [];
  const apply = (meaning: Meaning, at: number): void => {
    filled += 1;
    switch (meaning.slot) {
      case 'type':
        addTo(q.type, meaning.value);
        if (meaning.singular) singularNoun = true;
        break;
      case 'status': addTo(q.status, meaning.value); break;
      case 'direction': q.direction = meaning.value; break;
      case 'chain': addTo(q.chains, meaning.value); break;
      case 'bridge': addTo(q.bridges, meaning.value); break;
      case 'flags': q.has_compliance_flags = meaning.value; break;
      case 'sort':
        if (!explicitSort) setSort(meaning.field, meaning.descending);
        if (meaning.singular) singularSort = true;
        break;
      case 'aggregate': aggregate ??= meaning.value; break;
      case 'group': groupsAt.push([at, meaning.value]); break;
      case 'currency': q.currency ??= meaning.value; break;
    }
  };
  for (const [phrase, meaning] of [...PHRASES].sort((a, b) => b[0].length - a[0].length)) {
    sentence.each(new RegExp(`\\b${escape(phrase)}\\b`, 'g'), (m) => (apply(meaning, m.index), true));
  }

  const meaningOf = (word: string): Meaning | undefined => {
    if (Object.hasOwn(WORDS, word)) return WORDS[word];
    if (context.assetCodes.has(word.toUpperCase())) return { slot: 'currency', value: word.toUpperCase() };
    return undefined;
  };
  const vocabulary = [...Object.keys(WORDS), ...[...context.assetCodes].map((code) => code.toLowerCase())];
  sentence.each(/\S+/g, (m) => {
    const word = m[0];
    const meaning = meaningOf(word);
    if (meaning) return apply(meaning, m.index), true;
    if (STOP_WORDS.has(word)) return true;
    const fixed = correct(word, vocabulary, (a, b) => sameMeaning(meaningOf(a), meaningOf(b)));
    if (fixed === undefined) return false;
    corrections.push({ from: word, to: fixed });
    apply(meaningOf(fixed)!, m.index);
    sentence.take(m.index, m.index + word.length, FUZZY_WEIGHT);
    return false;
  });

  // Groups in the order the sentence names them: "by asset per month" is asset, then month.
  const groupBy = [...new Set(groupsAt.sort((a, b) => a[0] - b[0]).map(([, group]) => group))];
  if (aggregate === null && groupBy.length > 0) aggregate = 'sum';
  if (aggregate !== null) q.aggregate = { function: aggregate, group_by: groupBy };
  if (q.sort !== null && q.limit === null && singularSort && singularNoun && aggregate === null) q.limit = 1;

  const understood = filled > 0;
  return {
    interpreted_query: q,
    interpretation_confidence: understood ? Math.round(Math.min(1, sentence.coverage()) * 100) / 100 : 0,
    not_understood: sentence.leftovers(),
    corrections,
    understood,
  };
}
