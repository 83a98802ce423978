import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { Repository } from '../../../database/transactions.js';
import {
  discountTargets,
  discounts,
  type DiscountRow,
  type DiscountTargetRow,
} from '../../../database/tables/discounts.table.js';

@Injectable()
export class DiscountsRepository extends Repository {
  /** Vouchers switched on whose [start, end] holds `now`, ending soonest first. */
  activeAt(now: Date): Promise<DiscountRow[]> {
    return this.db
      .select()
      .from(discounts)
      .where(
        and(eq(discounts.active, true), lte(discounts.startDate, now), gte(discounts.endDate, now)),
      )
      .orderBy(asc(discounts.endDate), asc(discounts.createdAt), asc(discounts.id));
  }

  /** Vouchers switched on that have not ended at `now` (running or ahead), ending soonest first. */
  notEndedAt(now: Date): Promise<DiscountRow[]> {
    return this.db
      .select()
      .from(discounts)
      .where(and(eq(discounts.active, true), gte(discounts.endDate, now)))
      .orderBy(asc(discounts.endDate), asc(discounts.createdAt), asc(discounts.id));
  }

  /**
   * When the set of running vouchers next changes after `now` by the clock alone: the soonest
   * start still ahead or the soonest end (a voucher runs until its end date, inclusive).
   */
  async nextChange(now: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({
        start: sql<
          Date | string | null
        >`min(${discounts.startDate}) filter (where ${discounts.startDate} > ${now})`,
        end: sql<
          Date | string | null
        >`min(${discounts.endDate}) filter (where ${discounts.endDate} >= ${now})`,
      })
      .from(discounts)
      .where(eq(discounts.active, true));
    const times = [row?.start, row?.end]
      .filter((t): t is Date | string => t != null)
      .map((t) => new Date(t).getTime());
    return times.length ? new Date(Math.min(...times)) : null;
  }

  /** The targets of the given vouchers. */
  targets(discountIds: readonly string[]): Promise<DiscountTargetRow[]> {
    if (discountIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(discountTargets)
      .where(inArray(discountTargets.discountId, [...discountIds]))
      .orderBy(asc(discountTargets.itemType), asc(discountTargets.itemId));
  }
}
