/**
 * The governance calendar, all in UTC. A period is a calendar month; its
 * composition is voted in the last `votingDays` days of the month before and
 * applied by the rebalancing at 00:00 on the period's first day.
 */
export function startOfMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function addMonths(at: Date, months: number): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** The first instant of the next month after `at` (strictly after). */
export function nextMonthStart(at: Date): Date {
  return addMonths(startOfMonth(at), 1);
}

/** "2026-02" */
export function periodLabel(periodStart: Date): string {
  return periodStart.toISOString().slice(0, 7);
}

export interface VotingWindow {
  readonly period: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
}

/** The voting window that decides the period starting at `periodStart`. */
export function votingWindowFor(periodStart: Date, votingDays: number): VotingWindow {
  return {
    period: periodLabel(periodStart),
    startsAt: new Date(periodStart.getTime() - votingDays * 86_400_000),
    endsAt: periodStart,
  };
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export function floorToHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}
