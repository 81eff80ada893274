/**
 * The sentence being read, with what has been understood so far blanked
 * out: every extractor matches against `rest`, and `take` marks a span as
 * understood so no later extractor reads it again and the confidence can
 * count it.
 */
export class Sentence {
  private rest_: string;
  /** Non-space characters understood, by weight (a typo-corrected word counts less). */
  private understood = 0;

  constructor(readonly text: string) {
    this.rest_ = text;
  }

  get rest(): string {
    return this.rest_;
  }

  /** Marks [start, end) as understood, with a weight in (0, 1]. */
  take(start: number, end: number, weight = 1): void {
    const span = this.rest_.slice(start, end);
    this.understood += span.replace(/\s/g, '').length * weight;
    this.rest_ = this.rest_.slice(0, start) + ' '.repeat(end - start) + this.rest_.slice(end);
  }

  /** Finds every match of `pattern` (global) in what is left, lets `use` accept it (true) and takes accepted ones. */
  each(pattern: RegExp, use: (match: RegExpExecArray) => boolean | number): void {
    const found = [...this.rest_.matchAll(pattern)];
    for (const match of found) {
      const current = this.rest_.slice(match.index, match.index + match[0].length);
      if (current !== match[0]) continue; // overlapped by an earlier accepted match
      const accepted = use(match as RegExpExecArray);
      if (accepted === false) continue;
      this.take(match.index, match.index + (accepted === true ? match[0].length : accepted));
    }
  }

  /** Share of the sentence's non-space characters understood, 0 to 1. */
  coverage(): number {
    const total = this.text.replace(/\s/g, '').length;
    return total === 0 ? 0 : this.understood / total;
  }

  /** The words nobody understood, in order. */
  leftovers(): string[] {
    return this.rest_.split(/\s+/).filter((word) => word !== '');
  }
}

/** Lower case, NFKC, hyphens and punctuation between words as spaces; digits, decimal points, thousands commas, slashes and currency symbols kept. */
export function normalise(query: string): string {
  return query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(/(?<!\d),|,(?!\d{3})/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/[?!;:"()[\]{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100,
};
export const NUMBER_WORD = `(?:${Object.keys(NUMBER_WORDS).join('|')})`;

/** A count written as digits or a small number word. */
export function countOf(text: string): number {
  return NUMBER_WORDS[text] ?? Number.parseInt(text, 10);
}
