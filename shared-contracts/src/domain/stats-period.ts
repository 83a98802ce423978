import type { StatsGroup } from '../api/admin-business.js';

/** The dashboard's ready-made periods (a custom one is any from/to). */
export const STATS_PRESETS = ['thisMonth', 'lastMonth', 'last12Months'] as const;
export type StatsPreset = (typeof STATS_PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  // month may be out of 1..12: Date.UTC carries it into the year
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** A calendar day YYYY-MM-DD that exists (no 2025-02-30). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  return ymd(y, m, d) === value;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD), counting both. */
export function daysInPeriod(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
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
 * The first day of every bucket from `from` to `to` (YYYY-MM-DD): each day, each week (from its
 * Monday, as PostgreSQL's date_trunc('week')) or each month (from its first day).
 */
export function statsBuckets(from: string, to: string, groupBy: StatsGroup): string[] {
  const [y, m, d] = from.split('-').map(Number);
  let start: string;
  if (groupBy === 'month') start = ymd(y, m, 1);
  else if (groupBy === 'week') {
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
    start = ymd(y, m, d - weekday);
  } else start = from;
  const out: string[] = [];
  let [cy, cm, cd] = start.split('-').map(Number);
  for (let day = start; day <= to;) {
    out.push(day);
    if (groupBy === 'month') cm += 1;
    else cd += groupBy === 'week' ? 7 : 1;
    day = ymd(cy, cm, cd);
    [cy, cm, cd] = day.split('-').map(Number);
  }
  return out;
}
