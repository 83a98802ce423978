import fc from 'fast-check';
import { STATS_GROUPS, STATS_MAX_DAYS } from '../api/admin-business.js';
import { dayFromNumber, dayNumber, LATEST_DAY } from './edge-dates.js';
import { daysInPeriod, statsBuckets, statsPeriod } from './stats-period.js';

// more runs with DATE_PROPERTY_RUNS (the long fuzz run)
const runs = { numRuns: Number(process.env.DATE_PROPERTY_RUNS ?? 300) };
const FIRST = dayNumber('1970-01-01');
const LAST = dayNumber(LATEST_DAY);
/** Days since 1970 of any YYYY-MM-DD (outside the range too). */
const anyYearDay = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return Date.UTC(y, m - 1, day) / 86_400_000;
};

describe('statsPeriod', () => {
  it('gives this month up to today, by day', () => {
    expect(statsPeriod('thisMonth', '2026-03-15')).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
      groupBy: 'day',
    });
  });
  it('gives the whole previous month, across a year and in a leap February', () => {
    expect(statsPeriod('lastMonth', '2026-01-10')).toMatchObject({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(statsPeriod('lastMonth', '2028-03-31')).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
  it('gives 12 months including this one, by month', () => {
    expect(statsPeriod('last12Months', '2026-03-15')).toEqual({
      from: '2025-04-01',
      to: '2026-03-15',
      groupBy: 'month',
    });
  });
});

describe('daysInPeriod', () => {
  it('counts both ends', () => {
    expect(daysInPeriod('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInPeriod('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInPeriod('9998-12-01', '9998-12-31')).toBe(31);
  });
  it('is not a number when a day is not one', () => {
    expect(daysInPeriod('9999-12-01', '9999-12-31')).toBeNaN();
    expect(daysInPeriod('2026-03-01', '2027-W10-1')).toBeNaN();
  });
});

describe('statsBuckets', () => {
  it('lists days, Monday weeks and months covering the period', () => {
    expect(statsBuckets('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    // 2026-03-04 is a Wednesday
    expect(statsBuckets('2026-03-04', '2026-03-16', 'week')).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(statsBuckets('2025-11-15', '2026-02-01', 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('ends at the last day of the range, for every grouping', () => {
    expect(statsBuckets('9998-12-30', '9998-12-31', 'day')).toEqual(['9998-12-30', '9998-12-31']);
    // 9998-12-31 is a Thursday: its week starts on Monday the 28th
    expect(statsBuckets('9998-12-01', '9998-12-31', 'week')).toEqual([
      '9998-11-30',
      '9998-12-07',
      '9998-12-14',
      '9998-12-21',
      '9998-12-28',
    ]);
    expect(statsBuckets('9998-11-15', '9998-12-31', 'month')).toEqual(['9998-11-01', '9998-12-01']);
  });

  it('gives nothing for days that are not days, or a period that ends before it starts', () => {
    expect(statsBuckets('9999-12-01', '9999-12-31', 'day')).toEqual([]);
    expect(statsBuckets('10000-01-01', '9999-12-31', 'month')).toEqual([]);
    expect(statsBuckets('2026-03-02', '2026-03-01', 'week')).toEqual([]);
  });

  it('for any period and grouping: finite, ordered, within the period, at most one per day', () => {
    const period = fc
      .tuple(
        fc.integer({ min: FIRST, max: LAST }),
        fc.integer({ min: 0, max: STATS_MAX_DAYS - 1 }),
        fc.constantFrom(...STATS_GROUPS),
      )
      .map(([start, length, groupBy]) => ({
        from: dayFromNumber(start),
        to: dayFromNumber(Math.min(start + length, LAST)),
        groupBy,
      }));
    fc.assert(
      fc.property(period, ({ from, to, groupBy }) => {
        const buckets = statsBuckets(from, to, groupBy);
        const days = daysInPeriod(from, to);
        expect(buckets.length).toBeGreaterThanOrEqual(1);
        expect(buckets.length).toBeLessThanOrEqual(days);
        // each bucket is a day written YYYY-MM-DD (a first week may start in 1969)
        expect(buckets.every((b) => /^\d{4}-\d{2}-\d{2}$/.test(b))).toBe(true);
        const n = buckets.map(anyYearDay);
        expect(n.every((b, i) => i === 0 || b > n[i - 1])).toBe(true);
        // the first covers from, the next ones start inside the period, the last one reaches to
        const [first, last] = [dayNumber(from), dayNumber(to)];
        expect(n[0]).toBeLessThanOrEqual(first);
        expect(n[0]).toBeGreaterThan(first - ({ day: 1, week: 7, month: 31 } as const)[groupBy]);
        expect(n.slice(1).every((b) => b > first && b <= last)).toBe(true);
        expect(last - n.at(-1)!).toBeLessThan(({ day: 1, week: 7, month: 31 } as const)[groupBy]);
      }),
      runs,
    );
  });
});
