import { toInstant, type Instant } from './instant.js';

/**
 * When access bought at `from` ends: the same day and time `months` calendar months later (UTC),
 * clamped to the last day of a shorter month (31 Jan + 1 month = 28/29 Feb).
 */
export function accessEndsAt(from: Instant, months: number): Date {
  const start = new Date(toInstant(from));
  const day = start.getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * Access that ends within this many days can be renewed before it ends (the first access
 * reminder comes 30 days before): the new period starts where the current one ends. Access
 * ending later is "already owned" and is not charged again.
 */
export const RENEWAL_WINDOW_DAYS = 30;
