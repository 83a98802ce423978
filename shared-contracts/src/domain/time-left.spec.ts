import { DAY_MS, daysLeft, isExpired, timeLeftBadge } from './time-left.js';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
/** An expiry `days` whole days (plus `extraMs`) after NOW. */
const at = (days: number, extraMs = 0) => new Date(NOW + days * DAY_MS + extraMs).toISOString();

describe('daysLeft', () => {
  it('counts whole days, flooring', () => {
    expect(daysLeft(at(5), NOW)).toBe(5);
    expect(daysLeft(at(5, DAY_MS - 1), NOW)).toBe(5);
    expect(daysLeft(at(0, 1), NOW)).toBe(0);
    expect(daysLeft(at(0, -1), NOW)).toBe(-1);
  });
  it('accepts Date, string and number', () => {
    expect(daysLeft(new Date(NOW + 3 * DAY_MS), new Date(NOW))).toBe(3);
    expect(daysLeft(NOW + 3 * DAY_MS, '2025-06-01T12:00:00.000Z')).toBe(3);
  });
  it('is NaN for an unreadable date', () => {
    expect(daysLeft('never', NOW)).toBeNaN();
  });
});

describe('isExpired', () => {
  it('is active only while the expiry is in the future', () => {
    expect(isExpired(at(0, 1), NOW)).toBe(false);
    expect(isExpired(at(0), NOW)).toBe(true);
    expect(isExpired(at(0, -1), NOW)).toBe(true);
  });
  it('treats an unreadable expiry as expired', () => {
    expect(isExpired('garbage', NOW)).toBe(true);
  });
});

describe('timeLeftBadge', () => {
  it.each([
    [365, null],
    [32, null],
    [31, null],
    [30, { kind: 'month' }],
    [29, { kind: 'month' }],
    [28, { kind: 'month' }],
    [27, { kind: 'weeks', weeks: 3 }],
    [21, { kind: 'weeks', weeks: 3 }],
    [20, { kind: 'weeks', weeks: 2 }],
    [14, { kind: 'weeks', weeks: 2 }],
    [13, { kind: 'weeks', weeks: 1 }],
    [7, { kind: 'weeks', weeks: 1 }],
    [6, { kind: 'days', days: 6 }],
    [3, { kind: 'days', days: 3 }],
    [2, { kind: 'days', days: 2 }],
    [1, { kind: 'lastDay' }],
  ])('%p whole days left -> %p', (days, badge) => {
    expect(timeLeftBadge(at(days), NOW)).toEqual(badge);
    // The same whole-day count holds until just before the next day starts.
    expect(timeLeftBadge(at(days, DAY_MS - 1), NOW)).toEqual(badge);
  });

  it('switches exactly at the day boundaries', () => {
    expect(timeLeftBadge(at(31), NOW)).toBeNull();
    expect(timeLeftBadge(at(31, -1), NOW)).toEqual({ kind: 'month' });
    expect(timeLeftBadge(at(2), NOW)).toEqual({ kind: 'days', days: 2 });
    expect(timeLeftBadge(at(2, -1), NOW)).toEqual({ kind: 'lastDay' });
    expect(timeLeftBadge(at(1), NOW)).toEqual({ kind: 'lastDay' });
    expect(timeLeftBadge(at(1, -1), NOW)).toBeNull();
  });

  it('shows nothing in the last 24 hours or once expired', () => {
    expect(timeLeftBadge(at(0, 1), NOW)).toBeNull();
    expect(timeLeftBadge(at(0), NOW)).toBeNull();
    expect(timeLeftBadge(at(-3), NOW)).toBeNull();
    expect(timeLeftBadge('garbage', NOW)).toBeNull();
  });
});
