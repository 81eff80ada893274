import { datesAgree } from './date-of-birth.js';
import type { EntryType, SanctionsEntry } from './sanctions-list.js';

/** What the screening party says about itself beyond its name. */
export interface PartyFacts {
  readonly dateOfBirth?: string;
  /** ISO 3166 alpha-2. */
  readonly country?: string;
  readonly type?: 'individual' | 'entity';
}

/** How much a country the list gives but the party does not share lowers a name's score. */
export const COUNTRY_MISMATCH_PENALTY = 0.05;

export type Narrowing =
  | { readonly excluded: true; readonly reason: string }
  | { readonly excluded: false; readonly adjustment: number; readonly reasons: readonly string[] };

const kind = (type: EntryType) => (type === 'individual' ? 'individual' : 'entity');

/**
 * Facts beyond the name narrow a name match (docs/regtech.md):
 * - a type that differs (an individual against a listed company or vessel) excludes it;
 * - a date of birth that agrees with none the entry lists excludes it (a
 *   list without one leaves the match standing, and says so);
 * - a country the entry lists none of lowers the score by
 *   COUNTRY_MISMATCH_PENALTY: nationality and addresses change, so it never
 *   excludes on its own.
 */
export function narrow(entry: SanctionsEntry, party: PartyFacts): Narrowing {
  if (party.type && kind(entry.type) !== party.type) return { excluded: true, reason: `type differs: the list has ${entry.type}` };
  const reasons: string[] = [];
  if (party.dateOfBirth) {
    if (entry.datesOfBirth.length === 0) reasons.push('date of birth: none on the list');
    else if (entry.datesOfBirth.some((date) => datesAgree(date, party.dateOfBirth!))) reasons.push(`date of birth agrees (${entry.datesOfBirth.join(', ')})`);
    else return { excluded: true, reason: `date of birth differs (list: ${entry.datesOfBirth.join(', ')})` };
  }
  let adjustment = 0;
  if (party.country && entry.countries.length > 0) {
    if (entry.countries.includes(party.country)) reasons.push(`country agrees (${party.country})`);
    else {
      adjustment = -COUNTRY_MISMATCH_PENALTY;
      reasons.push(`country differs (list: ${entry.countries.join(', ')}): score lowered by ${COUNTRY_MISMATCH_PENALTY}`);
    }
  }
  return { excluded: false, adjustment, reasons };
}
