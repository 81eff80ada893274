import { nameTokens } from './party-name.js';

/**
 * Countries as lists write them: the EU list gives ISO 3166 alpha-2 codes,
 * OFAC and the UN give English names ("Iran", "Iran (Islamic Republic of)").
 * Names resolve to codes through the runtime's own region names (ICU) and a
 * few long forms the lists use; an unknown name is kept in capitals.
 */
const LONG_FORMS: Readonly<Record<string, string>> = {
  'iran islamic republic of': 'IR',
  'russian federation': 'RU',
  'syrian arab republic': 'SY',
  'democratic peoples republic of korea': 'KP',
  'korea north': 'KP',
  'north korea': 'KP',
  'korea republic of': 'KR',
  'south korea': 'KR',
  'venezuela bolivarian republic of': 'VE',
  'bolivia plurinational state of': 'BO',
  'lao peoples democratic republic': 'LA',
  'united republic of tanzania': 'TZ',
  'republic of moldova': 'MD',
  'united kingdom of great britain and northern ireland': 'GB',
  'united states of america': 'US',
  'burma': 'MM',
  'myanmar': 'MM',
  'congo democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'turkey': 'TR',
  'czech republic': 'CZ',
};

/** Withdrawn codes ICU still names (SU is "Russia", DD "Germany"): the current code must win. */
const WITHDRAWN = new Set(['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR']);

let byName: Map<string, string> | undefined;

function regionNames(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      const name = WITHDRAWN.has(code) ? undefined : names.of(code);
      if (name) byName.set(key(name), code);
    }
  }
  for (const [name, code] of Object.entries(LONG_FORMS)) byName.set(key(name), code);
  return byName;
}

// Word order is kept out of it: "Korea, North" and "North Korea" are one key, as names are.
const key = (name: string) => nameTokens(name).join(' ');

/** An ISO alpha-2 code for a code or an English country name; the name in capitals when unknown. */
export function countryCode(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-0-') return undefined;
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  return regionNames().get(key(trimmed)) ?? trimmed.toUpperCase();
}
