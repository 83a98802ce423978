// Dates that come from outside (a form, a query string, an API body) are checked here before any
// arithmetic touches them: calendar days and instants written one way only, and only years
// 1970-9998. The range keeps every sum the shop does (a month added, a week's Monday, the day
// after) inside four-digit years, where dates written as text still sort as they are ordered and
// JavaScript, PostgreSQL and the browsers all read them the same.

export const EARLIEST_YEAR = 1970;
export const LATEST_YEAR = 9998;
export const EARLIEST_DAY = '1970-01-01';
export const LATEST_DAY = '9998-12-31';
/** The first and last millisecond an instant at the edge may name (UTC). */
export const EARLIEST_INSTANT_MS = Date.UTC(EARLIEST_YEAR, 0, 1);
export const LATEST_INSTANT_MS = Date.UTC(LATEST_YEAR, 11, 31, 23, 59, 59, 999);

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339: a date, "T", a time with seconds (an optional fraction) and Z or an offset
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 of a valid year, month (1-12) and day, or NaN when that day does not exist. */
function dayNumberOf(year: number, month: number, day: number): number {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12) return Number.NaN;
  if (day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * Days since 1970-01-01 of a calendar day written YYYY-MM-DD, or NaN when it is not one (no
 * 2025-02-30, no week or ordinal forms, no expanded years, nothing outside 1970-9998).
 */
export function dayNumber(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  const m = DAY.exec(value);
  return m ? dayNumberOf(Number(m[1]), Number(m[2]), Number(m[3])) : Number.NaN;
}

/** A calendar day YYYY-MM-DD that exists, in years 1970-9998. */
export function isCalendarDay(value: unknown): value is string {
  return !Number.isNaN(dayNumber(value));
}

/** The calendar day (YYYY-MM-DD) `n` days after 1970-01-01; years past 9999 are not written. */
export function dayFromNumber(n: number): string {
  const t = new Date(n * DAY_MS);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * Epoch milliseconds of an instant written as RFC 3339 (`2026-03-01T10:00:00Z`,
 * `2026-03-01T10:00:00.5-03:00`), or NaN when it is not one or falls outside 1970-9998 (UTC).
 * The offset is required: a time without one means a different instant in every time zone.
 */
export function instantMs(value: unknown): number {
  if (typeof value !== 'string' || value.length > 40) return Number.NaN;
  const m = INSTANT.exec(value);
  if (!m) return Number.NaN;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6])];
  // the day itself is checked without the range: an offset may bring it inside
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  if (hour > 23 || minute > 59 || second > 59) return Number.NaN;
  const offsetH = m[8] ? 0 : Number(m[10]);
  const offsetM = m[8] ? 0 : Number(m[11]);
  if (offsetH > 23 || offsetM > 59) return Number.NaN;
  const sign = m[9] === '-' ? -1 : 1;
  const ms = Number((m[7] ?? '0').slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const t = local - sign * (offsetH * 60 + offsetM) * 60_000;
  return isWithinDateRange(t) ? t : Number.NaN;
}

/** An instant written as RFC 3339 with Z or an offset, within 1970-9998 (UTC). */
export function isInstant(value: unknown): value is string {
  return !Number.isNaN(instantMs(value));
}

/** Epoch milliseconds of a calendar day (its first instant, UTC) or of an instant; else NaN. */
export function dayOrInstantMs(value: unknown): number {
  const day = dayNumber(value);
  return Number.isNaN(day) ? instantMs(value) : day * DAY_MS;
}

/** A calendar day or an instant, as the two functions above take them. */
export function isDayOrInstant(value: unknown): value is string {
  return !Number.isNaN(dayOrInstantMs(value));
}

/** True when epoch milliseconds `ms` lie within 1970-01-01 and 9998-12-31 (UTC), both included. */
export function isWithinDateRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;
}

/** How the edge describes its range in an answer (the same words for every date field). */
export const DATE_RANGE_TEXT = `${EARLIEST_DAY} to ${LATEST_DAY}`;
