import { accessEndsAt, type PlanInterval } from '@circo/shared-contracts';

/**
 * When a period that starts at `start` ends: a month or a year later (a day that the month lacks
 * becomes its last day), or `minutes` later when the local provider's demo clock is set.
 */
export function periodEnd(start: Date, interval: PlanInterval, minutes = 0): Date {
  if (minutes > 0) return new Date(start.getTime() + minutes * 60_000);
  return accessEndsAt(start, interval === 'year' ? 12 : 1);
}

/** When a past-due subscription's access ends: `days` after the period it did not pay. */
export const graceEnd = (periodEnded: Date, days: number): Date =>
  new Date(periodEnded.getTime() + days * 86_400_000);
