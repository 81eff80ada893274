import { CURRENCY_SYMBOLS, WORDS } from './lexicon.js';
import type { Sentence } from './text.js';

/** Amount bounds as exact decimal strings, with the currency written next to them. */
export interface AmountBounds {
  readonly min: string | null;
  readonly minInclusive: boolean;
  readonly max: string | null;
  readonly maxInclusive: boolean;
  readonly currency: string | null;
}

const SYMBOL = '[$€£¥₿]';
const NUMBER = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';
/** An amount: optional symbol, number, optional k/m, optional currency word or code after it. */
const MONEY = `(${SYMBOL})?\\s?${NUMBER}(k|m)?(?:\\s?(${SYMBOL}|[a-z]{3,9}))?`;

interface Money {
  readonly value: string;
  readonly currency: string | null;
  /** Characters of the whole match that were understood (a trailing word that is no currency is left). */
  readonly length: number;
}

/** Scales "1.5k" by shifting the decimal point, exactly. */
function scaled(digits: string, suffix: string | undefined): string {
  const plain = digits.replace(/,/g, '');
  if (!suffix) return trimZeros(plain);
  const shiftBy = suffix === 'k' ? 3 : 6;
  const [whole, fraction = ''] = plain.split('.');
  const padded = fraction.padEnd(shiftBy, '0');
  return trimZeros(`${whole}${padded.slice(0, shiftBy)}.${padded.slice(shiftBy)}`);
}

function trimZeros(text: string): string {
  const out = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return out.replace(/^0+(?=\d)/, '');
}

function currencyOf(word: string | undefined, assetCodes: ReadonlySet<string>): string | null {
  if (!word) return null;
  if (CURRENCY_SYMBOLS[word]) return CURRENCY_SYMBOLS[word]!;
  if (assetCodes.has(word.toUpperCase())) return word.toUpperCase();
  const meaning = WORDS[word];
  return meaning?.slot === 'currency' ? meaning.value : null;
}

/**
 * The amount of the MONEY whose groups start at `g` (regex run with the d
 * flag); `requireCurrency` refuses a bare number.
 */
function money(m: RegExpExecArray, g: number, assetCodes: ReadonlySet<string>, requireCurrency: boolean): Money | null {
  const [symbol, digits, suffix, after] = [m[g], m[g + 1], m[g + 2], m[g + 3]];
  if (!digits) return null;
  const trailing = currencyOf(after, assetCodes);
  const currency = currencyOf(symbol, assetCodes) ?? trailing;
  if (requireCurrency && !currency) return null;
  const indices = m.indices!;
  const lastGroup = after && trailing ? g + 3 : suffix ? g + 2 : g + 1;
  return { value: scaled(digits, suffix), currency, length: indices[lastGroup]![1] - m.index };
}

/**
 * Amount phrases: "over $1,000", "at least 50 EUR", "under 200", "between
 * 50 and 200 EUR", "around 100" (±10 %), "exactly 20", "of $500" and a bare
 * amount with its currency ("0.5 btc"). Bounds are exact decimal strings.
 */
export function readAmounts(sentence: Sentence, assetCodes: ReadonlySet<string>): AmountBounds | null {
  let bounds: AmountBounds | null = null;
  const set = (part: Partial<AmountBounds>, currency: string | null): void => {
    bounds = { ...(bounds ?? { min: null, minInclusive: true, max: null, maxInclusive: true, currency: null }), ...part };
    if (currency) bounds = { ...bounds, currency };
  };

  sentence.each(new RegExp(`\\bbetween\\s*${MONEY}\\s*(?:and|to|-)\\s*${MONEY}`, 'dg'), (m) => {
    const low = money(m, 1, assetCodes, false);
    const high = money(m, 5, assetCodes, false);
    if (!low || !high) return false;
    set({ min: low.value, minInclusive: true, max: high.value, maxInclusive: true }, high.currency ?? low.currency);
    return high.length;
  });
  const rules: ReadonlyArray<readonly [string, boolean, (value: string) => Partial<AmountBounds>]> = [
    ['more than|greater than|larger than|bigger than|higher than|over|above|exceeding|>', false, (v) => ({ min: v, minInclusive: false })],
    ['at least|no less than|minimum of|minimum|min|>=', false, (v) => ({ min: v, minInclusive: true })],
    ['less than|smaller than|lower than|under|below|<', false, (v) => ({ max: v, maxInclusive: false })],
    ['at most|no more than|up to|maximum of|maximum|max|<=', false, (v) => ({ max: v, maxInclusive: true })],
    ['exactly|equal to', false, (v) => ({ min: v, minInclusive: true, max: v, maxInclusive: true })],
    // "of 500" is too loose without a currency ("top 5 of 2026"); "of $500" is an amount.
    ['of|for|worth', true, (v) => ({ min: v, minInclusive: true, max: v, maxInclusive: true })],
    ['around|about|approximately|roughly|~', false, (v) => ({ min: tenth(v, -1), minInclusive: true, max: tenth(v, 1), maxInclusive: true })],
  ];
  for (const [words, requireCurrency, bound] of rules) {
    sentence.each(new RegExp(`(?<![\\w.,])(?:${words})\\s*${MONEY}`, 'dg'), (m) => {
      const amount = money(m, 1, assetCodes, requireCurrency);
      if (!amount) return false;
      set(bound(amount.value), amount.currency);
      return amount.length;
    });
  }
  sentence.each(new RegExp(`(?<![\\w.,])${MONEY}`, 'dg'), (m) => {
    const amount = money(m, 1, assetCodes, true);
    if (!amount) return false;
    set({ min: amount.value, minInclusive: true, max: amount.value, maxInclusive: true }, amount.currency);
    return amount.length;
  });
  return bounds;
}

/** value ± 10 %, exactly (one more decimal place at most). */
function tenth(value: string, sign: -1 | 1): string {
  const [whole, fraction = ''] = value.split('.');
  const scale = fraction.length + 1;
  const units = BigInt(whole! + fraction) * 10n;
  const result = units + BigInt(sign) * BigInt(whole! + fraction);
  const text = result.toString().padStart(scale + 1, '0');
  return trimZeros(`${text.slice(0, -scale)}.${text.slice(-scale)}`);
}
