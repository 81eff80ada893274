/**
 * Name normalisation for screening: what makes "MUÑOZ-García, José" and
 * "jose garcia munoz" the same words. NFKD splits letters from their
 * diacritics, which are dropped; case is folded; punctuation becomes space;
 * words that only mark a legal form ("LLC", "Ltd", "GmbH") are dropped; the
 * words are then sorted, so word order never matters.
 */
const LEGAL_FORMS = new Set(['llc', 'ltd', 'limited', 'gmbh', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'sa', 'ag', 'plc', 'bv', 'nv', 'jsc', 'ojsc', 'pjsc', 'cjsc', 'ooo', 'fzco', 'fze', 'srl', 'spa', 'sarl']);

/** Letters the NFKD split leaves whole, folded by hand. */
const FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h' };

/** The words of a name, folded and sorted; legal forms dropped unless nothing else is left. */
export function nameTokens(name: string): string[] {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłıħ]/g, (letter) => FOLDS[letter] ?? letter)
    // Apostrophes join (O'Brien is obrien); every other non-letter, non-digit separates.
    .replace(/['’`ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (folded === '') return [];
  const words = folded.split(' ');
  const meaningful = words.filter((word) => !LEGAL_FORMS.has(word));
  return (meaningful.length > 0 ? meaningful : words).sort();
}

/** The normalised name: its sorted words joined by one space. */
export function normaliseName(name: string): string {
  return nameTokens(name).join(' ');
}
