// talisman ships no types; these are the two functions the matcher uses.
declare module 'talisman/metrics/jaro-winkler.js' {
  /** Jaro–Winkler similarity of two strings, 0 to 1 (prefix scale 0.1, boost threshold 0.7). */
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
declare module 'talisman/phonetics/double-metaphone.js' {
  /** Lawrence Philips' Double Metaphone: the primary and alternate codes of a word. */
  const doubleMetaphone: (word: string) => [string, string];
  export default doubleMetaphone;
}
