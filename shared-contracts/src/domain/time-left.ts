// Access to a purchase ends at its expiry instant; My Courses shows a time-left badge on active
// cards (storefront spec section 4). The UI renders each kind with its own translated text.
import { toInstant, type Instant } from './instant.js';

export const DAY_MS = 86_400_000;

/**
 * Whole days left: floor((expiry - now) / 1 day). 0 during the last 24 hours, negative once
 * expired, NaN for an unreadable date.
 */
export function daysLeft(expiry: Instant, now: Instant): number {
  return Math.floor((toInstant(expiry) - toInstant(now)) / DAY_MS);
}

/**
 * A purchase is active while its expiry is in the future. At the expiry instant itself, or with an
 * unreadable expiry, it counts as expired (never grant access on bad data).
 */
export function isExpired(expiry: Instant, now: Instant): boolean {
  return !(toInstant(expiry) > toInstant(now));
}

export type TimeLeftBadge =
  | { kind: 'month' } // "1 month"
  | { kind: 'weeks'; weeks: 1 | 2 | 3 } // "N weeks"
  | { kind: 'days'; days: number } // "N days remaining", 2 to 6
  | { kind: 'lastDay' }; // "last day"

/**
 * The badge for an active purchase, by whole days left: more than 30 none; 28-30 one month;
 * 21-27 three weeks; 14-20 two weeks; 7-13 one week; 2-6 N days; exactly 1 last day;
 * less than a day none (per the spec's table). Expired purchases get none.
 */
export function timeLeftBadge(expiry: Instant, now: Instant): TimeLeftBadge | null {
  if (isExpired(expiry, now)) return null;
  const days = daysLeft(expiry, now);
  if (days > 30) return null;
  if (days >= 28) return { kind: 'month' };
  if (days >= 21) return { kind: 'weeks', weeks: 3 };
  if (days >= 14) return { kind: 'weeks', weeks: 2 };
  if (days >= 7) return { kind: 'weeks', weeks: 1 };
  if (days >= 2) return { kind: 'days', days };
  if (days === 1) return { kind: 'lastDay' };
  return null;
}
