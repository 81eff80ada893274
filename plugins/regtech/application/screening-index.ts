import { nameTokens } from '../domain/party-name.js';
import { narrow, type PartyFacts } from '../domain/narrowing.js';
import type { SanctionsEntry, SanctionsSource } from '../domain/sanctions-list.js';
import { nameKey, nameScore, type NameKey } from './name-score.js';

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
 * Every name and alias of the loaded lists, blocked by word: a name is
 * scored only when one of its words shares with one of the party's words its
 * first two letters or its Double Metaphone code (OFAC's search prefilters
 * by first letter the same way). A 15,000-entry list is then a few hundred
 * Jaro–Winkler comparisons per screening instead of tens of thousands.
 */
export class ScreeningIndex {
  readonly #names: IndexedName[] = [];
  readonly #blocks = new Map<string, number[]>();

  constructor(lists: ReadonlyArray<{ readonly source: SanctionsSource; readonly entries: readonly SanctionsEntry[] }>) {
    for (const { source, entries } of lists) {
      for (const entry of entries) {
        const seen = new Set<string>();
        entry.names.forEach((name, index) => {
          const key = nameKey(nameTokens(name));
          if (key.tokens.length === 0 || seen.has(key.joined)) return;
          seen.add(key.joined);
          const at = this.#names.push({ source, entry, name, alias: index > 0, key }) - 1;
          for (const block of blocksOf(key)) {
            const list = this.#blocks.get(block);
            if (list) {
              if (list[list.length - 1] !== at) list.push(at);
            } else this.#blocks.set(block, [at]);
          }
        });
      }
    }
  }

  get size(): number {
    return this.#names.length;
  }

  /** The entries whose best name scores at least `threshold` after narrowing, best first. */
  search(name: string, party: PartyFacts, threshold: number, limit: number): NameMatch[] {
    const query = nameKey(nameTokens(name));
    if (query.tokens.length === 0) return [];
    const candidates = new Set<number>();
    for (const block of blocksOf(query)) for (const at of this.#blocks.get(block) ?? []) candidates.add(at);
    const best = new Map<SanctionsEntry, NameMatch>();
    for (const at of candidates) {
      const indexed = this.#names[at]!;
      const raw = nameScore(query, indexed.key);
      // Narrowing only lowers a score, so a name under the threshold is done with.
      if (raw < threshold) continue;
      const narrowed = narrow(indexed.entry, party);
      if (narrowed.excluded) continue;
      const score = round4(raw + narrowed.adjustment);
      if (score < threshold) continue;
      const previous = best.get(indexed.entry);
      if (previous && previous.score >= score) continue;
      const how = raw === 1 ? 'name matches exactly once normalised' : `name similarity ${round4(raw)} (Jaro–Winkler)`;
      best.set(indexed.entry, {
        source: indexed.source,
        entry: indexed.entry,
        nameMatched: indexed.name,
        score,
        reasons: [indexed.alias ? `${how}, on an alias` : how, ...narrowed.reasons],
      });
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score || a.source.localeCompare(b.source) || a.entry.entryId.localeCompare(b.entry.entryId))
      .slice(0, limit);
  }
}

function blocksOf(key: NameKey): string[] {
  const blocks: string[] = [];
  key.tokens.forEach((token, index) => {
    blocks.push(`p:${token.slice(0, 2)}`);
    if (key.codes[index]) blocks.push(`m:${key.codes[index]}`);
  });
  return blocks;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
