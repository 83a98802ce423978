import fc from 'fast-check';
import {
  dayFromNumber,
  dayNumber,
  dayOrInstantMs,
  EARLIEST_INSTANT_MS,
  instantMs,
  isCalendarDay,
  isDayOrInstant,
  isInstant,
  isWithinDateRange,
  LATEST_DAY,
  LATEST_INSTANT_MS,
} from './edge-dates.js';

// more runs with DATE_PROPERTY_RUNS (the long fuzz run)
const runs = { numRuns: Number(process.env.DATE_PROPERTY_RUNS ?? 300) };
const FIRST = dayNumber('1970-01-01');
const LAST = dayNumber(LATEST_DAY);
const anyDayNumber = fc.integer({ min: FIRST, max: LAST });

describe('calendar days', () => {
  it('accepts real days of 1970-9998 only', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('1970-01-01')).toBe(true);
    expect(isCalendarDay('9998-12-31')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-2-1',
      '2026-00-10',
      '2026-13-01',
      '1969-12-31',
      '9999-01-01',
      '9999-12-31',
      '10000-01-01',
      '+275760-09-13',
      '2027-W10-1',
      '2027-W10',
      '2027-069',
      '20270310',
      '2027-03-10T00:00:00Z',
      ' 2027-03-10',
      '２０２７-03-10',
      '',
    ]) {
      expect([bad, isCalendarDay(bad)]).toEqual([bad, false]);
    }
    expect(isCalendarDay(20260201)).toBe(false);
    expect(isCalendarDay(null)).toBe(false);
  });

  it('writes every day of the range back as it reads it', () => {
    fc.assert(
      fc.property(anyDayNumber, (n) => {
        const day = dayFromNumber(n);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(dayNumber(day)).toBe(n);
      }),
      runs,
    );
  });

  it('orders days as text the way it orders them as numbers', () => {
    fc.assert(
      fc.property(anyDayNumber, anyDayNumber, (a, b) => {
        const [x, y] = [dayFromNumber(a), dayFromNumber(b)];
        expect(Math.sign(x.localeCompare(y))).toBe(Math.sign(a - b));
      }),
      runs,
    );
  });
});

describe('instants', () => {
  it('reads RFC 3339 with Z or an offset', () => {
    expect(instantMs('2026-03-01T10:00:00Z')).toBe(Date.UTC(2026, 2, 1, 10));
    expect(instantMs('2026-03-01T10:00:00.5-03:00')).toBe(Date.UTC(2026, 2, 1, 13, 0, 0, 500));
    expect(instantMs('2026-03-01T10:00:00.123456789+01:00')).toBe(
      Date.UTC(2026, 2, 1, 9, 0, 0, 123),
    );
    expect(instantMs('9998-12-31T23:59:59.999Z')).toBe(LATEST_INSTANT_MS);
    expect(instantMs('1970-01-01T00:00:00Z')).toBe(EARLIEST_INSTANT_MS);
    // an offset may bring a day of the year after inside the range, or take it out
    expect(isInstant('9999-01-01T00:30:00+01:00')).toBe(true);
    expect(isInstant('9998-12-31T23:30:00-01:00')).toBe(false);
  });

  it('refuses other forms and instants outside 1970-9998', () => {
    for (const bad of [
      '2027-W10-1',
      '2027-W10-1T10:00:00Z',
      '2027-069T10:00:00Z',
      '+275760-09-13T00:00:00Z',
      '+275760-09-13',
      '2026-03-01T10:00:00', // no offset
      '2026-03-01T10:00Z', // no seconds
      '2026-03-01 10:00:00Z',
      '2026-03-01t10:00:00z',
      '2026-02-30T10:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60:00Z',
      '2026-03-01T10:00:60Z',
      '2026-03-01T10:00:00+24:00',
      '1969-12-31T23:59:59.999Z',
      '9999-01-01T00:00:00Z',
      '2026-03-01',
      'tomorrow',
    ]) {
      expect([bad, isInstant(bad)]).toEqual([bad, false]);
    }
    expect(isInstant(Date.now())).toBe(false);
  });

  it('reads back what toISOString writes, for any instant of the range', () => {
    fc.assert(
      fc.property(fc.integer({ min: EARLIEST_INSTANT_MS, max: LATEST_INSTANT_MS }), (ms) => {
        expect(instantMs(new Date(ms).toISOString())).toBe(ms);
      }),
      runs,
    );
  });

  it('never answers a time outside the range, whatever the text', () => {
    const digits = (n: number) =>
      fc.integer({ min: 0, max: 10 ** n - 1 }).map((v) => String(v).padStart(n, '0'));
    const text = fc
      .tuple(
        digits(4),
        digits(2),
        digits(2),
        digits(2),
        digits(2),
        digits(2),
        fc.constantFrom('Z', '+14:00', '-23:59', '+00:30'),
      )
      .map(([y, mo, d, h, mi, s, z]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${z}`);
    fc.assert(
      fc.property(fc.oneof(text, fc.string()), (value) => {
        const ms = instantMs(value);
        expect(Number.isNaN(ms) || isWithinDateRange(ms)).toBe(true);
      }),
      runs,
    );
  });
});

describe('a day or an instant', () => {
  it('takes a day as its first instant (UTC), or an instant', () => {
    expect(dayOrInstantMs('2030-01-31')).toBe(Date.UTC(2030, 0, 31));
    expect(dayOrInstantMs('2030-01-31T23:59:59.999Z')).toBe(Date.UTC(2030, 0, 31, 23, 59, 59, 999));
    expect(isDayOrInstant('+275760-09-13')).toBe(false);
    expect(isDayOrInstant('2030-01-31T23:59:59.999')).toBe(false);
  });
});
