import type { StatsGroup } from '../api/admin-business.js';
import { dayFromNumber, dayNumber } from './edge-dates.js';

/** The dashboard's ready-made periods (a custom one is any from/to). */
export const STATS_PRESETS = ['thisMonth', 'lastMonth', 'last12Months'] as const;
export type StatsPreset = (typeof STATS_PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  // month may be out of 1..12: Date.UTC carries it into the year
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** Whole days from `from` to `to` (both YYYY-MM-DD), counting both; NaN when either is not a day. */
export function daysInPeriod(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/**
 * The days of a preset, from `today` (the admin's calendar day, YYYY-MM-DD), and the grouping that
 * reads best for it: this month and last month by day, the last 12 months by month (the current
 * month included).
 */
export function statsPeriod(
  preset: StatsPreset,
  today: string,
): { from: string; to: string; groupBy: StatsGroup } {
  const [y, m, d] = today.split('-').map(Number);
  switch (preset) {
    case 'thisMonth':
      return { from: ymd(y, m, 1), to: ymd(y, m, d), groupBy: 'day' };
    case 'lastMonth':
      return { from: ymd(y, m - 1, 1), to: ymd(y, m, 0), groupBy: 'day' };
    case 'last12Months':
      return { from: ymd(y, m - 11, 1), to: ymd(y, m, d), groupBy: 'month' };
  }
}

/** The admin's calendar day now, in the browser's time zone. */
export function localToday(now = new Date()): string {
  return ymd(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * The first day of every bucket from `from` to `to` (calendar days in 1970-9998): each day, each
 * week (from its Monday, as PostgreSQL's date_trunc('week')) or each month (from its first day).
 * Days are counted as numbers, never compared as text, and there are never more buckets than days
 * in the period (none when a day is not valid or `to` is before `from`).
 */
export function statsBuckets(from: string, to: string, groupBy: StatsGroup): string[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const days = last - first + 1;
  if (!(days >= 1)) return [];
  const out: string[] = [];
  if (groupBy === 'month') {
    const [y, m] = from.split('-').map(Number);
    // month k after from's month; Date.UTC carries the month into the year
    for (let k = 0; k < days; k++) {
      const start = Date.UTC(y, m - 1 + k, 1) / 86_400_000;
      if (start > last) break;
      out.push(dayFromNumber(start));
    }
    return out;
  }
  const step = groupBy === 'week' ? 7 : 1;
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on a Monday
  const start = groupBy === 'week' ? first - ((((first + 3) % 7) + 7) % 7) : first;
  for (let k = 0; k < days; k++) {
    const day = start + k * step;
    if (day > last) break;
    out.push(dayFromNumber(day));
  }
  return out;
}
