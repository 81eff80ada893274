import { nameTokens } from '../domain/party-name.js';
import { narrow, type PartyFacts } from '../domain/narrowing.js';
import { addressKey, type SanctionsEntry, type SanctionsSource } from '../domain/sanctions-list.js';
import { MISSING_WORD_COST, nameKey, nameScore, phoneticCode, wordSimilarity, type NameKey } from './name-score.js';

/** One name match after narrowing: the entry, the name of it that matched, the score and why. */
export interface NameMatch {
  readonly source: SanctionsSource;
  readonly entry: SanctionsEntry;
  readonly nameMatched: string;
  readonly score: number;
  readonly reasons: readonly string[];
}

interface IndexedName {
  readonly source: SanctionsSource;
  readonly entry: SanctionsEntry;
  readonly name: string;
  readonly alias: boolean;
  readonly key: NameKey;
}

/**
 * Every name and alias of the loaded lists, indexed by word. A screening
 * compares each of the party's words only with the list's distinct words
 * that share its first two letters or its Double Metaphone code (OFAC's
 * search prefilters by first letter the same way), keeps the pairs at or
 * above WORD_FLOOR, and from those bounds each name's word score from
 * above (every word at its best pairing, a word not paired so at
 * UNPAIRED_BOUND: a typo in a first letter or a shifted space leaves a
 * word outside the blocks, and the full score may still find it).
 * Only names whose bound reaches the threshold are scored in full. A
 * 15,000-entry list is then a few thousand word comparisons per
 * screening instead of hundreds of thousands (bench/sanctions.ts).
 */
export const WORD_FLOOR = 0.8;
export const UNPAIRED_BOUND = 0.9;

export class ScreeningIndex {
  readonly #names: IndexedName[] = [];
  readonly #words: string[] = [];
  readonly #codes: string[] = [];
  readonly #wordIds = new Map<string, number>();
  /** Per word, the names holding it. */
  readonly #postings: number[][] = [];
  /** Per block key, the words in it. */
  readonly #blocks = new Map<string, number[]>();
  /** Listed digital currency addresses (addressKey) and the entries naming them. */
  readonly #addresses = new Map<string, Array<{ readonly source: SanctionsSource; readonly entry: SanctionsEntry; readonly currency: string }>>();

  constructor(lists: ReadonlyArray<{ readonly source: SanctionsSource; readonly entries: readonly SanctionsEntry[] }>) {
    for (const { source, entries } of lists) {
      for (const entry of entries) {
        for (const { currency, address } of entry.addresses ?? []) {
          const key = addressKey(address);
          this.#addresses.set(key, [...(this.#addresses.get(key) ?? []), { source, entry, currency }]);
        }
        const seen = new Set<string>();
        entry.names.forEach((name, index) => {
          const key = nameKey(nameTokens(name));
          if (key.tokens.length === 0 || seen.has(key.joined)) return;
          seen.add(key.joined);
          const at = this.#names.push({ source, entry, name, alias: index > 0, key }) - 1;
          for (const word of new Set(key.tokens)) this.#postings[this.#word(word)]!.push(at);
        });
      }
    }
  }

  /** The entries that list `address` (exactly; hex addresses in any case). */
  addressMatches(address: string): ReadonlyArray<{ readonly source: SanctionsSource; readonly entry: SanctionsEntry; readonly currency: string }> {
    return this.#addresses.get(addressKey(address)) ?? [];
  }

  get size(): number {
    return this.#names.length;
  }

  #word(word: string): number {
    let id = this.#wordIds.get(word);
    if (id !== undefined) return id;
    id = this.#words.push(word) - 1;
    const code = phoneticCode(word);
    this.#codes.push(code);
    this.#postings.push([]);
    this.#wordIds.set(word, id);
    for (const block of blocksOf(word, code)) {
      const list = this.#blocks.get(block);
      if (list) list.push(id);
      else this.#blocks.set(block, [id]);
    }
    return id;
  }

  /** The entries whose best name scores at least `threshold` after narrowing, best first. */
  search(name: string, party: PartyFacts, threshold: number, limit: number): NameMatch[] {
    const query = nameKey(nameTokens(name));
    const count = query.tokens.length;
    if (count === 0) return [];
    // Per name, the best similarity each query word reaches with one of its words.
    const bests = new Map<number, Float64Array>();
    query.tokens.forEach((token, i) => {
      const words = new Set<number>();
      for (const block of blocksOf(token, query.codes[i]!)) for (const id of this.#blocks.get(block) ?? []) words.add(id);
      for (const id of words) {
        const similarity = wordSimilarity(token, query.codes[i]!, this.#words[id]!, this.#codes[id]!);
        if (similarity < WORD_FLOOR) continue;
        for (const at of this.#postings[id]!) {
          let best = bests.get(at);
          if (!best) bests.set(at, (best = new Float64Array(count).fill(UNPAIRED_BOUND)));
          if (similarity > best[i]!) best[i] = similarity;
        }
      }
    });
    const found = new Map<SanctionsEntry, NameMatch>();
    for (const [at, best] of bests) {
      const indexed = this.#names[at]!;
      if (upperBound(best, indexed.key.tokens.length) < threshold) continue;
      const raw = nameScore(query, indexed.key);
      // Narrowing only lowers a score, so a name under the threshold is done with.
      if (raw < threshold) continue;
      const narrowed = narrow(indexed.entry, party);
      if (narrowed.excluded) continue;
      const score = round4(raw + narrowed.adjustment);
      if (score < threshold) continue;
      const previous = found.get(indexed.entry);
      if (previous && previous.score >= score) continue;
      const how = raw === 1 ? 'name matches exactly once normalised' : `name similarity ${round4(raw)} (Jaro–Winkler)`;
      found.set(indexed.entry, {
        source: indexed.source,
        entry: indexed.entry,
        nameMatched: indexed.name,
        score,
        reasons: [indexed.alias ? `${how}, on an alias` : how, ...narrowed.reasons],
      });
    }
    return [...found.values()]
      .sort((a, b) => b.score - a.score || a.source.localeCompare(b.source) || a.entry.entryId.localeCompare(b.entry.entryId))
      .slice(0, limit);
  }
}

/**
 * The most the word score of nameScore can be for a name of `words` words,
 * given each query word's best similarity with any of its words (pairing
 * each word once can only do worse). The whole-name comparison is not
 * bounded: a name is scored in full only when this bound reaches the threshold.
 */
function upperBound(best: Float64Array, words: number): number {
  const count = best.length;
  const sorted = [...best].sort((a, b) => b - a);
  const pairs = Math.min(count, words);
  let total = 0;
  for (let i = 0; i < pairs; i += 1) total += sorted[i]!;
  if (pairs === 1) return total / Math.max(count, words);
  return (total / pairs) * Math.max(0, 1 - MISSING_WORD_COST * Math.abs(count - words));
}

function blocksOf(word: string, code: string): string[] {
  return code ? [`p:${word[0]}`, `m:${code}`] : [`p:${word[0]}`];
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
