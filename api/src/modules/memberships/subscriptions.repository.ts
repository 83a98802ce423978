import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import {
  plans,
  subscriptionPeriods,
  subscriptions,
  type NewSubscriptionRow,
  type SubscriptionPeriodRow,
  type SubscriptionRow,
} from '../../database/tables/memberships.table.js';
import type { LocalizedText } from '../../database/tables/columns.js';
import { users } from '../../database/tables/users.table.js';
import { onOlderPrice } from './plans.repository.js';

/** The most rows one scheduled look reads. */
const BATCH_MAX = 500;

export type SubscriptionWithPlan = SubscriptionRow & { planName: LocalizedText };

/** The subscriptions and their paid periods. */
@Injectable()
export class SubscriptionsRepository extends Repository {
  /** Serialises the subscribe calls of one student until the transaction ends. */
  async lockUser(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscribe:${userId}`}))`);
  }

  async insert(row: NewSubscriptionRow): Promise<SubscriptionRow> {
    const [created] = await this.db.insert(subscriptions).values(row).returning();
    return created;
  }

  async find(id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .limit(1);
    return row;
  }

  /** The row, locked until the transaction ends (confirm, webhook and clock take turns). */
  async lock(id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for('update')
      .limit(1);
    return row;
  }

  /** The subscription whose period a payment pays, locked. */
  async lockByDuePayment(paymentId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.duePaymentId, paymentId))
      .for('update')
      .limit(1);
    return row;
  }

  /** The subscription the provider knows by `providerId` (locked until the transaction ends). */
  async byProviderId(
    provider: SubscriptionRow['provider'],
    providerId: string,
    lock: boolean,
  ): Promise<SubscriptionRow | undefined> {
    const query = this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, providerId),
        ),
      )
      .limit(1)
      .$dynamic();
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  /** The student's Customer at the provider, made for an earlier subscription. */
  async customerOf(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.providerCustomerId)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  /** A subscription the provider did not make goes (nothing is recorded of it). */
  async deleteUnstarted(id: string): Promise<void> {
    await this.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete')));
  }

  /**
   * The plan's subscriptions that renew at another price than its own and are not yet moved to
   * it, locked until the transaction ends.
   */
  async lockOnOlderPrice(planId: string): Promise<SubscriptionRow[]> {
    const rows = await this.db
      .select({ s: subscriptions })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.planId, planId), onOlderPrice))
      .orderBy(asc(subscriptions.createdAt))
      .for('update', { of: subscriptions });
    return rows.map((r) => r.s);
  }

  /** The student's subscriptions to a plan that are not over, newest first. */
  openOf(userId: string, planId: string): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.planId, planId),
          inArray(subscriptions.status, ['incomplete', 'active', 'past_due']),
        ),
      )
      .orderBy(desc(subscriptions.createdAt));
  }

  /** The student's subscriptions with their plan's name, newest first. */
  listOf(userId: string): Promise<SubscriptionWithPlan[]> {
    return this.withPlan()
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  }

  /**
   * The coach's list: every subscription that started (its first period paid), newest first, of
   * one student or all, with the student's name and e-mail (a read across the accounts, as the
   * students' lists do: one statement).
   */
  listStarted(userId?: string) {
    return this.db
      .select({
        ...subscriptionColumns,
        planName: plans.name,
        email: users.email,
        name: users.name,
        surname: users.surname,
        since:
          sql<Date | null>`(select min(p.starts_at) from ${subscriptionPeriods} p where p.subscription_id = ${subscriptions.id})`.mapWith(
            (v: string | Date | null) => (v === null ? null : new Date(v)),
          ),
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          sql`${subscriptions.status} <> 'incomplete'`,
          userId ? eq(subscriptions.userId, userId) : undefined,
        ),
      )
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(BATCH_MAX);
  }

  /** MRR (cents), active and past-due counts now; started and cancelled in [from, to). */
  async stats(from: Date, to: Date) {
    const [row] = await this.db
      .select({
        mrrCents:
          sql<number>`coalesce(sum(case when ${subscriptions.status} in ('active', 'past_due')
          then case when ${subscriptions.interval} = 'year' then ${subscriptions.priceCents} / 12.0
               else ${subscriptions.priceCents} end end), 0)`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${subscriptions.status} = 'active')`.mapWith(
          Number,
        ),
        pastDue: sql<number>`count(*) filter (where ${subscriptions.status} = 'past_due')`.mapWith(
          Number,
        ),
        // the first paid period of each subscription (named in full: a one-table select's
        // columns are written unqualified, and `id` would be the period's)
        started:
          sql<number>`count(*) filter (where (select min(p.starts_at) from ${subscriptionPeriods} p
          where p.subscription_id = "subscriptions"."id") >= ${from}
          and (select min(p.starts_at) from ${subscriptionPeriods} p
          where p.subscription_id = "subscriptions"."id") < ${to})`.mapWith(Number),
        canceled:
          sql<number>`count(*) filter (where ${subscriptions.canceledAt} >= ${from} and ${subscriptions.canceledAt} < ${to}
          or (${subscriptions.canceledAt} is null and ${subscriptions.endedAt} >= ${from} and ${subscriptions.endedAt} < ${to}))`.mapWith(
            Number,
          ),
      })
      .from(subscriptions);
    return row;
  }

  /** These subscriptions with their plan's name. */
  listOfIds(ids: readonly string[]): Promise<SubscriptionWithPlan[]> {
    return this.withPlan().where(inArray(subscriptions.id, [...ids]));
  }

  /** Active subscriptions that renew in [from, to) (the reminder before a yearly renewal). */
  renewingBetween(from: Date, to: Date): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'active'),
          eq(subscriptions.cancelAtPeriodEnd, false),
          gt(subscriptions.currentPeriodEnd, from),
          lte(subscriptions.currentPeriodEnd, to),
        ),
      )
      .limit(BATCH_MAX);
  }

  async update(id: string, changes: Partial<NewSubscriptionRow>): Promise<SubscriptionRow> {
    const [row] = await this.db
      .update(subscriptions)
      .set(changes)
      .where(eq(subscriptions.id, id))
      .returning();
    return row;
  }

  /** Records a paid period; undefined when that period or that payment is recorded already. */
  async insertPeriod(row: {
    subscriptionId: string;
    paymentId: string;
    startsAt: Date;
    endsAt: Date;
    amountCents: number;
  }): Promise<SubscriptionPeriodRow | undefined> {
    const [created] = await this.db
      .insert(subscriptionPeriods)
      .values(row)
      .onConflictDoNothing()
      .returning();
    return created;
  }

  /** The periods of a subscription, oldest first. */
  periodsOf(subscriptionId: string): Promise<SubscriptionPeriodRow[]> {
    return this.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, subscriptionId))
      .orderBy(asc(subscriptionPeriods.startsAt));
  }

  async markPeriodRefunded(id: string, at: Date): Promise<void> {
    await this.db
      .update(subscriptionPeriods)
      .set({ refundedAt: at })
      .where(eq(subscriptionPeriods.id, id));
  }

  /**
   * The local provider's clock: subscriptions whose paid period ended (to renew or end) and past
   * due ones whose grace ended, oldest first.
   */
  due(now: Date, limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'local'),
          or(
            and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
            and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, now)),
          ),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(limit);
  }

  private withPlan() {
    return this.db
      .select({
        ...subscriptionColumns,
        planName: plans.name,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .$dynamic();
  }
}

const subscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  planId: subscriptions.planId,
  provider: subscriptions.provider,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  providerCustomerId: subscriptions.providerCustomerId,
  providerEventAt: subscriptions.providerEventAt,
  status: subscriptions.status,
  priceCents: subscriptions.priceCents,
  interval: subscriptions.interval,
  currentPeriodStart: subscriptions.currentPeriodStart,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  graceUntil: subscriptions.graceUntil,
  duePaymentId: subscriptions.duePaymentId,
  lang: subscriptions.lang,
  billing: subscriptions.billing,
  newPriceCents: subscriptions.newPriceCents,
  newPriceFrom: subscriptions.newPriceFrom,
  canceledAt: subscriptions.canceledAt,
  endedAt: subscriptions.endedAt,
  createdAt: subscriptions.createdAt,
  updatedAt: subscriptions.updatedAt,
};
