import { accessEndsAt, type PlanInterval } from '@circo/shared-contracts';

/**
 * When a period that starts at `start` ends: a month or a year later (a day that the month lacks
 * becomes its last day), or `minutes` later when the local provider's demo clock is set.
 */
export function periodEnd(start: Date, interval: PlanInterval, minutes = 0): Date {
  if (minutes > 0) return new Date(start.getTime() + minutes * 60_000);
  return accessEndsAt(start, interval === 'year' ? 12 : 1);
}

/** A subscription's period in minutes: the demo clock's, for the local provider only (0: none). */
export const demoPeriodMinutes = (
  sub: { provider: string },
  memberships: { periodMinutes: number },
): number => (sub.provider === 'local' ? memberships.periodMinutes : 0);

/** When a past-due subscription's access ends: `days` after the period it did not pay. */
export const graceEnd = (periodEnded: Date, days: number): Date =>
  new Date(periodEnded.getTime() + days * 86_400_000);

/**
 * The first renewal, counting from the period that ends at `end`, that falls at `earliest` or
 * later: where a price told of with notice starts to apply.
 */
export function firstRenewalFrom(
  end: Date,
  interval: PlanInterval,
  earliest: Date,
  minutes = 0,
): Date {
  if (minutes > 0) {
    const periods = Math.max(
      0,
      Math.ceil((earliest.getTime() - end.getTime()) / (minutes * 60_000)),
    );
    return new Date(end.getTime() + periods * minutes * 60_000);
  }
  let at = end;
  while (at < earliest) at = periodEnd(at, interval);
  return at;
}
