import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import {
  discountTargets,
  discounts,
  type DiscountRow,
  type DiscountTargetRow,
} from './discounts.table.js';

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
