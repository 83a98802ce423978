import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { TableRows } from '../../database/table-rows.js';
import { Repository } from '../../database/transactions.js';
import type { ItemType } from '../../database/tables/columns.js';
import {
  planItems,
  plans,
  subscriptions,
  type PlanItemRow,
  type PlanRow,
} from '../../database/tables/memberships.table.js';

/** The plans and what each opens. */
@Injectable()
export class PlansRepository extends Repository {
  readonly rows = new TableRows(() => this.db, { table: plans, id: plans.id });

  /**
   * Records the provider's Product and Price of the plan, unless its price or interval changed
   * since they were made (that price's Price is made next).
   */
  async setProviderIds(
    id: string,
    ids: { productId: string; priceId: string },
    madeFor: Pick<PlanRow, 'priceCents' | 'interval'>,
  ): Promise<void> {
    await this.db
      .update(plans)
      .set({ stripeProductId: ids.productId, stripePriceId: ids.priceId })
      .where(
        and(
          eq(plans.id, id),
          eq(plans.priceCents, madeFor.priceCents),
          eq(plans.interval, madeFor.interval),
        ),
      );
  }

  /** Plans taking subscribers, cheapest first. */
  listActive(): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(asc(plans.priceCents), asc(plans.createdAt), asc(plans.id));
  }

  /** Every plan, withdrawn ones too, newest first (the admin's list). */
  listAll(): Promise<PlanRow[]> {
    return this.db.select().from(plans).orderBy(desc(plans.createdAt), desc(plans.id));
  }

  /** The listed items of these plans, in the admin's order. */
  async itemsOf(planIds: readonly string[]): Promise<Map<string, PlanItemRow[]>> {
    const byPlan = new Map<string, PlanItemRow[]>();
    if (planIds.length === 0) return byPlan;
    const rows = await this.db
      .select()
      .from(planItems)
      .where(inArray(planItems.planId, [...planIds]))
      .orderBy(asc(planItems.position));
    for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), row]);
    return byPlan;
  }

  /** Replaces what a plan lists (none when it opens everything). */
  async setItems(
    planId: string,
    items: ReadonlyArray<{ itemType: ItemType; itemId: string }>,
  ): Promise<void> {
    await this.db.delete(planItems).where(eq(planItems.planId, planId));
    if (items.length === 0) return;
    await this.db
      .insert(planItems)
      .values(items.map((i, position) => ({ planId, ...i, position })))
      .onConflictDoNothing();
  }

  /** Subscriptions that hold a plan now (active or within their grace), per plan. */
  async subscriberCounts(planIds: readonly string[]): Promise<Map<string, number>> {
    if (planIds.length === 0) return new Map();
    const rows = await this.db
      .select({ planId: subscriptions.planId, n: count() })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.planId, [...planIds]),
          inArray(subscriptions.status, ['active', 'past_due']),
        ),
      )
      .groupBy(subscriptions.planId);
    return new Map(rows.map((r) => [r.planId, Number(r.n)]));
  }

  /**
   * Per plan, its subscribers that renew at another price than the plan's, on its interval, and
   * are not yet moved to it (those cancelled at the period's end do not renew).
   */
  async olderPriceCounts(planIds: readonly string[]): Promise<Map<string, number>> {
    if (planIds.length === 0) return new Map();
    const rows = await this.db
      .select({ planId: subscriptions.planId, n: count() })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(inArray(subscriptions.planId, [...planIds]), onOlderPrice))
      .groupBy(subscriptions.planId);
    return new Map(rows.map((r) => [r.planId, Number(r.n)]));
  }

  /** Whether any subscription (of any status) ever named the plan: it then stays, withdrawn. */
  async hasSubscriptions(planId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(subscriptions)
      .where(eq(subscriptions.planId, planId))
      .limit(1);
    return Boolean(row);
  }
}

/** A renewing subscription at another price than its plan's (joined), not yet moved to it. */
export const onOlderPrice = and(
  inArray(subscriptions.status, ['active', 'past_due']),
  eq(subscriptions.cancelAtPeriodEnd, false),
  eq(subscriptions.interval, plans.interval),
  sql`${subscriptions.priceCents} <> ${plans.priceCents}`,
  sql`${subscriptions.newPriceCents} is distinct from ${plans.priceCents}`,
);
