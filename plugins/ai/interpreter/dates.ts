import * as chrono from 'chrono-node';
import { EARLIEST_INSTANT, LATEST_INSTANT } from '../../../kernel/public.js';
import { countOf, NUMBER_WORD, type Sentence } from './text.js';

/** A half-open UTC range [from, to); either end open when null. */
export interface DateRange {
  readonly from: Date | null;
  readonly to: Date | null;
}

const DAY = 86_400_000;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = `(${MONTHS.map((m) => `${m}|${m.slice(0, 3)}`).join('|')}|sept)`;

const day = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY);
const monthStart = (year: number, month: number): Date => new Date(Date.UTC(year, month, 1));
/** Monday of the week (ISO weeks). */
const weekStart = (at: Date): Date => addDays(day(at), -((at.getUTCDay() + 6) % 7));

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

function unitStart(unit: Unit, at: Date): Date {
  switch (unit) {
    case 'day': return day(at);
    case 'week': return weekStart(at);
    case 'month': return monthStart(at.getUTCFullYear(), at.getUTCMonth());
    case 'quarter': return monthStart(at.getUTCFullYear(), at.getUTCMonth() - (at.getUTCMonth() % 3));
    case 'year': return monthStart(at.getUTCFullYear(), 0);
  }
}

function shift(unit: Unit, at: Date, by: number): Date {
  switch (unit) {
    case 'day': return addDays(at, by);
    case 'week': return addDays(at, 7 * by);
    case 'month': return monthStart(at.getUTCFullYear(), at.getUTCMonth() + by);
    case 'quarter': return monthStart(at.getUTCFullYear(), at.getUTCMonth() + 3 * by);
    case 'year': return monthStart(at.getUTCFullYear() + by, at.getUTCMonth());
  }
}

/** Start of a rolling window of `count` units ending today: "last 7 days" is today and the six days before it. */
function rollingStart(unit: Unit, today: Date, count: number): Date {
  if (unit === 'day') return addDays(today, 1 - count);
  if (unit === 'week') return addDays(today, 1 - 7 * count);
  const months = unit === 'year' ? 12 * count : unit === 'quarter' ? 3 * count : count;
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate() + 1));
}

/**
 * A bound inside the instants the stores keep (1970 to 9999): an invalid
 * date ("the last 999999999 years") leaves the bound open; a lower bound
 * before 1970 is open too, an upper one becomes 1970 (nothing lies earlier);
 * past 9999 a bound becomes the latest instant (nothing lies later).
 */
function clamp(at: Date | null, early: Date | null): Date | null {
  if (at === null || Number.isNaN(at.getTime())) return null;
  if (at < EARLIEST_INSTANT) return early;
  return at > LATEST_INSTANT ? LATEST_INSTANT : at;
}

const unitOf = (word: string): Unit => word.replace(/s$/, '') as Unit;

/**
 * Dates in the sentence, against `now` (the clock port's time), calendar
 * aligned in UTC. Our own period words first ("last month" is a range, which
 * chrono-node reads as a point), then chrono-node for the rest ("since 3
 * March", "last Friday", "from 1 to 5 October"). A date chrono-node places
 * after `now` without a year is taken a year earlier: queries ask about the
 * past. More than one date expression narrows the range to their overlap.
 */
export function readDates(sentence: Sentence, now: Date): DateRange | null {
  const ranges: DateRange[] = [];
  const add = (from: Date | null, to: Date | null): true => {
    ranges.push({ from: clamp(from, null), to: clamp(to, EARLIEST_INSTANT) });
    return true;
  };

  sentence.each(/\btoday\b/g, () => add(day(now), addDays(day(now), 1)));
  sentence.each(/\byesterday\b/g, () => add(addDays(day(now), -1), day(now)));
  sentence.each(/\b(?:year to date|ytd)\b/g, () => add(unitStart('year', now), null));
  sentence.each(new RegExp(`\\b(?:in |over |during |for )?(?:the )?(?:last|past|previous) (\\d+|${NUMBER_WORD}) (days?|weeks?|months?|years?)\\b`, 'g'), (m) =>
    add(rollingStart(unitOf(m[2]!), day(now), countOf(m[1]!)), null),
  );
  sentence.each(/\b(?:in |during |for )?(this|current|last|previous|past) (day|week|month|quarter|year)\b/g, (m) => {
    const unit = unitOf(m[2]!);
    const start = unitStart(unit, now);
    return m[1] === 'this' || m[1] === 'current' ? add(start, shift(unit, start, 1)) : add(shift(unit, start, -1), start);
  });
  sentence.each(/\b(?:in |during )?q([1-4])(?: (\d{4}))?\b/g, (m) => {
    const year = m[2] ? Number(m[2]) : now.getUTCFullYear();
    const start = monthStart(year, (Number(m[1]) - 1) * 3);
    return add(start, shift('quarter', start, 1));
  });
  sentence.each(new RegExp(`\\b(?:in |during )?${MONTH}(?: (\\d{4}))?\\b(?! \\d)`, 'g'), (m) => {
    if (m.index > 0 && /\d $/.test(sentence.rest.slice(0, m.index))) return false; // "3 march": a day, chrono's
    const month = MONTHS.findIndex((name) => name.startsWith(m[1]!.slice(0, 3)));
    let year = m[2] ? Number(m[2]) : now.getUTCFullYear();
    if (!m[2] && monthStart(year, month) > now) year -= 1;
    return add(monthStart(year, month), monthStart(year, month + 1));
  });
  sentence.each(/\b(?:in|during) (\d{4})\b/g, (m) => add(monthStart(Number(m[1]), 0), monthStart(Number(m[1]) + 1, 0)));

  readChronoDates(sentence, now, add);
  if (ranges.length === 0) return null;
  return ranges.reduce((a, b) => ({
    from: a.from && b.from ? (a.from > b.from ? a.from : b.from) : (a.from ?? b.from),
    to: a.to && b.to ? (a.to < b.to ? a.to : b.to) : (a.to ?? b.to),
  }));
}

function readChronoDates(sentence: Sentence, now: Date, add: (from: Date | null, to: Date | null) => true): void {
  const results = chrono.parse(sentence.rest, { instant: now, timezone: 'UTC' });
  const pastDay = (component: chrono.ParsedComponents): Date => {
    let at = day(component.date());
    if (!component.isCertain('year') && at > now) at = new Date(Date.UTC(at.getUTCFullYear() - 1, at.getUTCMonth(), at.getUTCDate()));
    return at;
  };
  for (let i = 0; i < results.length; i += 1) {
    const result = results[i]!;
    const before = sentence.rest.slice(0, result.index);
    const lead = /\b(since|after|from|before|until|till|by|on|between)\s+$/.exec(before);
    const start = pastDay(result.start);
    const next = results[i + 1];
    const end = result.end ? pastDay(result.end) : undefined;
    const spanStart = lead ? result.index - (before.length - lead.index) : result.index;
    let spanEnd = result.index + result.text.length;
    if (lead?.[1] === 'between' && !end && next && /^\s+and\s+$/.test(sentence.rest.slice(spanEnd, next.index))) {
      add(start, addDays(pastDay(next.start), 1));
      spanEnd = next.index + next.text.length;
      i += 1;
    } else if (end) add(start, addDays(end, 1));
    else if (lead?.[1] === 'since' || lead?.[1] === 'from') add(start, null);
    else if (lead?.[1] === 'after') add(addDays(start, 1), null);
    else if (lead?.[1] === 'before') add(null, start);
    else if (lead?.[1] === 'until' || lead?.[1] === 'till' || lead?.[1] === 'by') add(null, addDays(start, 1));
    else add(start, addDays(start, 1));
    sentence.take(spanStart, spanEnd);
  }
}
