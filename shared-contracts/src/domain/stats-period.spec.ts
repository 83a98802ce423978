import { daysInPeriod, isCalendarDay, statsBuckets, statsPeriod } from './stats-period.js';

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

describe('calendar days', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
    expect(isCalendarDay(20260201)).toBe(false);
  });
  it('counts both ends', () => {
    expect(daysInPeriod('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInPeriod('2026-03-01', '2026-03-01')).toBe(1);
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
});
