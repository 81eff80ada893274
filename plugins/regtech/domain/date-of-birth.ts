import { ValidationError } from '../../../kernel/public.js';

/**
 * Dates of birth as lists give them: a full date, a month and year, a year,
 * or a range of years. Stored as `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; a range
 * becomes one year each.
 */
const MONTHS: Readonly<Record<string, string>> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
};

/** "12 Mar 1962", "Mar 1962", "1962", "circa 1962", "1960 to 1962" (OFAC Remarks); undefined when none of these. */
export function parseOfacDate(text: string): string[] | undefined {
  const t = text.trim().replace(/^circa\s+/i, '');
  let m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})$/.exec(t);
  if (m && MONTHS[m[2]!.toLowerCase()]) return [`${m[3]}-${MONTHS[m[2]!.toLowerCase()]}-${m[1]!.padStart(2, '0')}`];
  m = /^([A-Za-z]{3})[a-z]* (\d{4})$/.exec(t);
  if (m && MONTHS[m[1]!.toLowerCase()]) return [`${m[2]}-${MONTHS[m[1]!.toLowerCase()]}`];
  m = /^(\d{4})$/.exec(t);
  if (m) return [m[1]!];
  m = /^(\d{4}) to (\d{4})$/.exec(t);
  if (m) return yearRange(Number(m[1]), Number(m[2]));
  return undefined;
}

/** Each year from `from` to `to` (at most 20, a guard against a typo's range). */
export function yearRange(from: number, to: number): string[] {
  if (to < from || to - from > 20) return [String(from)];
  return Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
}

/** A party's date of birth: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, a real calendar date. */
export function checkPartyDate(value: string, pointer: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  const valid = m && (!m[2] || (Number(m[2]) >= 1 && Number(m[2]) <= 12)) && (!m[3] || new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));
  if (!valid) throw ValidationError.field(pointer, 'must be a date YYYY-MM-DD (or YYYY-MM, YYYY)');
  return value;
}

/** Two dates agree when each part both give is equal: 1962-03-12 agrees with 1962-03 and 1962, not with 1963. */
export function datesAgree(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  return a.slice(0, shorter) === b.slice(0, shorter);
}
