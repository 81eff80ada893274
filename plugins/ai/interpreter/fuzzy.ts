import { distance } from 'fastest-levenshtein';

/**
 * The vocabulary word a typo stands for: the one nearest by edit distance
 * (fastest-levenshtein), if it is near enough for the word's length (1 edit
 * from 4 letters, 2 from 7) and no other word is as near. Shorter words are
 * never corrected: "bas" could be anything. Two nearest words that mean the
 * same ("deposit", "deposits") are no ambiguity.
 */
export function correct(word: string, vocabulary: readonly string[], sameMeaning: (a: string, b: string) => boolean): string | undefined {
  if (word.length < 4 || /\d/.test(word)) return undefined;
  const allowed = word.length >= 7 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - word.length) > allowed) continue;
    const d = distance(word, candidate);
    if (d < bestDistance) [best, bestDistance, tie] = [candidate, d, false];
    else if (d === bestDistance && best !== undefined && !sameMeaning(candidate, best)) tie = true;
  }
  return best !== undefined && bestDistance <= allowed && !tie ? best : undefined;
}
