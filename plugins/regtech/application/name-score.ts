import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import doubleMetaphone from 'talisman/phonetics/double-metaphone.js';

/**
 * How alike two normalised names are, 0 to 1, in the manner of OFAC's own
 * search (FAQ 249): the higher of
 * - A: Jaro–Winkler over the whole names (their words sorted, so order does not count);
 * - B: each word of the shorter name paired with its best word of the other
 *   (each used once) and the pairs' similarities averaged; each word one
 *   name has beyond the other's costs MISSING_WORD_COST (a middle name or
 *   patronymic the caller left out still leaves a match). When either name
 *   is a single word, the sum is divided by the longer name's word count
 *   instead: one common word ("Mohammed") never matches a full name alone.
 * A word pair scores its Jaro–Winkler similarity, raised to PHONETIC_FLOOR
 * when both words have three letters or more and their Double Metaphone
 * primary codes agree: transliterations (Mohammed, Muhammad, Mohamad) then
 * count as the same word.
 */
export const PHONETIC_FLOOR = 0.95;
export const MISSING_WORD_COST = 0.05;

export interface NameKey {
  readonly tokens: readonly string[];
  readonly joined: string;
  /** Double Metaphone primary code per token ('' for words under three letters). */
  readonly codes: readonly string[];
}

export function nameKey(tokens: readonly string[]): NameKey {
  return { tokens, joined: tokens.join(' '), codes: tokens.map(phoneticCode) };
}

export function phoneticCode(token: string): string {
  return token.length >= 3 && /^[a-z]+$/.test(token) ? doubleMetaphone(token)[0] : '';
}

export function wordSimilarity(a: string, codeA: string, b: string, codeB: string): number {
  const similarity = jaroWinkler(a, b);
  return codeA !== '' && codeA === codeB ? Math.max(similarity, PHONETIC_FLOOR) : similarity;
}

export function nameScore(query: NameKey, candidate: NameKey): number {
  if (query.joined === candidate.joined) return 1;
  const whole = jaroWinkler(query.joined, candidate.joined);
  return Math.max(whole, wordsScore(query, candidate));
}

function wordsScore(query: NameKey, candidate: NameKey): number {
  const [short, long] = query.tokens.length <= candidate.tokens.length ? [query, candidate] : [candidate, query];
  if (short.tokens.length === 0) return 0;
  // Every pair's similarity, then pairs taken best first, each word at most once.
  const pairs: Array<[number, number, number]> = [];
  short.tokens.forEach((a, i) => long.tokens.forEach((b, j) => pairs.push([wordSimilarity(a, short.codes[i]!, b, long.codes[j]!), i, j])));
  pairs.sort((x, y) => y[0] - x[0]);
  const usedShort = new Set<number>();
  const usedLong = new Set<number>();
  let total = 0;
  for (const [similarity, i, j] of pairs) {
    if (usedShort.has(i) || usedLong.has(j)) continue;
    usedShort.add(i);
    usedLong.add(j);
    total += similarity;
    if (usedShort.size === short.tokens.length) break;
  }
  if (short.tokens.length === 1) return total / long.tokens.length;
  const average = total / short.tokens.length;
  return average * Math.max(0, 1 - MISSING_WORD_COST * (long.tokens.length - short.tokens.length));
}
