// The detail page's voucher banner counts down to the end of the running discount (storefront
// spec section 4). The arithmetic is here, the banner only renders it.
import { toInstant, type Instant } from './instant.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const COUNTDOWN_UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

export type Countdown = Record<CountdownUnit, number> & {
  /** True at the end instant and after it (and for an unreadable end): nothing to count. */
  ended: boolean;
};

/**
 * Whole days, hours, minutes and seconds from `now` until `end` (each unit floored, the smaller
 * ones being the remainder of the bigger). All zero once ended.
 */
export function countdown(end: Instant, now: Instant): Countdown {
  const left = toInstant(end) - toInstant(now);
  if (!(left > 0)) return { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true };
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
    ended: false,
  };
}
