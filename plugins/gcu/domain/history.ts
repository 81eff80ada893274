import { DAY_MS, HOUR_MS } from './calendar.js';

export const PERIODS = ['24h', '7d', '30d', '90d', '1y', 'all'] as const;
export type HistoryPeriod = (typeof PERIODS)[number];
export const INTERVALS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type HistoryInterval = (typeof INTERVALS)[number];

const PERIOD_MS: Record<Exclude<HistoryPeriod, 'all'>, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '1y': 365 * DAY_MS,
};

/** The first instant the period covers; `all` covers everything recorded. */
export function periodStart(period: HistoryPeriod, now: Date): Date | null {
  return period === 'all' ? null : new Date(now.getTime() - PERIOD_MS[period]);
}

/** Start of the bucket holding `at`: the hour, the UTC day, the ISO week (Monday) or the month. */
export function bucketStart(interval: HistoryInterval, at: Date): Date {
  const t = at.getTime();
  switch (interval) {
    case 'hourly':
      return new Date(Math.floor(t / HOUR_MS) * HOUR_MS);
    case 'daily':
      return new Date(Math.floor(t / DAY_MS) * DAY_MS);
    case 'weekly': {
      const day = new Date(Math.floor(t / DAY_MS) * DAY_MS);
      const sinceMonday = (day.getUTCDay() + 6) % 7;
      return new Date(day.getTime() - sinceMonday * DAY_MS);
    }
    case 'monthly':
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  }
}

/**
 * Groups time-ordered samples into buckets and keeps each bucket's last
 * sample (the closing value, as price charts do): averaging would invent a
 * value nobody could have traded at.
 */
export function closeOfBuckets<T extends { at: Date }>(samples: readonly T[], interval: HistoryInterval): { bucket: Date; sample: T }[] {
  const out: { bucket: Date; sample: T }[] = [];
  for (const sample of samples) {
    const bucket = bucketStart(interval, sample.at);
    const last = out[out.length - 1];
    if (last && last.bucket.getTime() === bucket.getTime()) last.sample = sample;
    else out.push({ bucket, sample });
  }
  return out;
}
