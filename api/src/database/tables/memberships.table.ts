import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PLAN_INTERVALS,
  SUBSCRIPTION_STATUSES,
  type BillingDetails,
} from '@circo/shared-contracts';
import {
  createdAt,
  generatedItemRef,
  ITEM_TYPES,
  localizedText,
  localizedTextOrEmpty,
  updatedAt,
} from './columns.js';
import { courses } from './courses.table.js';
import { formations } from './formations.table.js';
import { payments, PAYMENT_PROVIDERS } from './payments.table.js';
import { users } from './users.table.js';

export { PLAN_INTERVALS, SUBSCRIPTION_STATUSES } from '@circo/shared-contracts';

/**
 * Membership plans: a price per month or year that opens every course and formation
 * (`includes_all`) or the items listed in `plan_items`. A withdrawn plan (`active` false) takes no
 * new subscribers and keeps its current ones. With Stripe, the plan's Product and its current
 * Price: a Price cannot change, so a new price is a new Price for new subscribers.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: localizedText('name'),
    description: localizedTextOrEmpty('description'),
    priceCents: integer('price_cents').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    includesAll: boolean('includes_all').notNull().default(false),
    active: boolean('active').notNull().default(true),
    stripeProductId: text('stripe_product_id'),
    /** The Stripe Price of `price_cents` and `interval` (null until made, or with no Stripe). */
    stripePriceId: text('stripe_price_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_price_check', sql`${t.priceCents} > 0`),
    check('plans_interval_check', sql`${t.interval} in ('month', 'year')`),
  ],
);

/** What a plan that does not open everything opens: one row per course or formation. */
export const planItems = pgTable(
  'plan_items',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    // a deleted course or formation leaves the plans that listed it
    courseId: generatedItemRef('course').references(() => courses.id, { onDelete: 'cascade' }),
    formationId: generatedItemRef('formation').references(() => formations.id, {
      onDelete: 'cascade',
    }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('plan_items_plan_item_key').on(t.planId, t.itemType, t.itemId),
    index('plan_items_item_idx').on(t.itemType, t.itemId),
    index('plan_items_course_id_idx').on(t.courseId),
    index('plan_items_formation_id_idx').on(t.formationId),
    check('plan_items_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
  ],
);

/**
 * A student's subscription to a plan, at the price and interval it started with (a later price
 * change applies to new subscribers). `incomplete` until its first period is paid; `active` while
 * paid; `past_due` after a failed renewal, with access until `grace_until`; `canceled` once ended.
 * (provider, provider_subscription_id) is unique: the confirm call and the webhook cannot make two.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** `sub_local_...` or Stripe's `sub_...`; a placeholder until the provider made it. */
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** Stripe's Customer of the student (the Customer Portal's cards and invoices). */
    providerCustomerId: text('provider_customer_id'),
    /**
     * When the provider's newest subscription event applied was made: an older snapshot
     * (webhooks arrive in any order) changes nothing.
     */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    priceCents: integer('price_cents').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** past_due: when access ends unless a payment arrives. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** The card payment of the renewal that failed (a link to pay it with another card). */
    duePaymentId: uuid('due_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /**
     * A move to the plan's newer price the student was told of: the price that applies from the
     * renewal at `new_price_from` (never earlier); both are cleared once it applies.
     */
    newPriceCents: integer('new_price_cents'),
    newPriceFrom: timestamp('new_price_from', { withTimezone: true }),
    /** Who is billed for every period (name, country, tax ID), when the student said. */
    billing: jsonb('billing').$type<BillingDetails>(),
    /** Language of its e-mails: the one the student subscribed in. */
    lang: text('lang').notNull().default('es'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_plan_idx').on(t.planId),
    index('subscriptions_customer_idx')
      .on(t.userId, t.providerCustomerId)
      .where(sql`${t.providerCustomerId} is not null`),
    // the local provider's clock: what renews or ends next
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('active', 'past_due')`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('incomplete', 'active', 'past_due', 'canceled')`,
    ),
    check('subscriptions_interval_check', sql`${t.interval} in ('month', 'year')`),
    check('subscriptions_lang_check', sql`${t.lang} in ('es', 'en', 'fr')`),
    check('subscriptions_price_check', sql`${t.priceCents} > 0`),
    check(
      'subscriptions_new_price_check',
      sql`(${t.newPriceCents} is null) = (${t.newPriceFrom} is null) and (${t.newPriceCents} is null or ${t.newPriceCents} > 0)`,
    ),
  ],
);

/**
 * Every paid period of a subscription: a row that stays, like a grant. One per (subscription,
 * period start) and one per payment, so a confirm call and a webhook racing record a period once.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** When the coach gave this period's money back (its access ended then). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_periods_start_key').on(t.subscriptionId, t.startsAt),
    uniqueIndex('subscription_periods_payment_key').on(t.paymentId),
    check('subscription_periods_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * What subscriptions open now, per (user, item): the end of the access a subscription gives
 * (its paid period while active, its grace while past due). Read with the grants by the one
 * access rule (PurchasesService.hasActive), never alone. A Stripe subscription that renews keeps
 * its access 3 days past its period while Stripe collects the renewal (it charges the new
 * invoice an hour or more after the period ends, and its result arrives by webhook);
 * `period_end` is the period's own end, the date a student is shown.
 */
export const subscriptionAccess = pgView('subscription_access', {
  userId: uuid('user_id').notNull(),
  itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
  itemId: uuid('item_id').notNull(),
  subscriptionId: uuid('subscription_id').notNull(),
  planId: uuid('plan_id').notNull(),
  planName: localizedText('plan_name'),
  /** Whether it renews at `expires_at` (active, not cancelled at the period's end). */
  renews: boolean('renews').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
}).as(
  sql`select s.user_id, i.item_type, i.item_id, s.id as subscription_id, s.plan_id,
        p.name as plan_name, (s.status = 'active' and not s.cancel_at_period_end) as renews,
        case when s.status = 'past_due' then greatest(s.grace_until, s.current_period_end)
             when s.status = 'active' and s.provider = 'stripe' and not s.cancel_at_period_end
               then s.current_period_end + interval '3 days'
             else s.current_period_end end as expires_at,
        s.current_period_end as period_end
      from ${subscriptions} s
      join ${plans} p on p.id = s.plan_id
      join lateral (
        select 'course'::text as item_type, c.id as item_id from ${courses} c where p.includes_all
        union all
        select 'formation'::text, f.id from ${formations} f where p.includes_all
        union all
        select pi.item_type, pi.item_id from ${planItems} pi where pi.plan_id = p.id and not p.includes_all
      ) i on true
      where s.status in ('active', 'past_due') and s.current_period_end is not null`,
);

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type PlanItemRow = typeof planItems.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type SubscriptionPeriodRow = typeof subscriptionPeriods.$inferSelect;
