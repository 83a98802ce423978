import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ITEM_TYPES, updatedAt } from './columns.js';
import { discounts } from './discounts.table.js';
import { users } from './users.table.js';

export const PAYMENT_PROVIDERS = ['stripe', 'local'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** What the provider object is: an embedded PaymentIntent, or a hosted Checkout Session. */
export const PAYMENT_KINDS = ['payment_intent', 'checkout_session'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** What a payment pays for: cart items (payment_items), or a period of a membership. */
export const PAYMENT_PURPOSES = ['items', 'subscription'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Payment attempts (a Stripe PaymentIntent / Checkout Session, or a local test payment).
 * (provider, provider_payment_id) is unique so the confirm call and the webhook cannot both record it.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The provider's status word, e.g. requires_payment_method, processing, succeeded, canceled. */
    status: text('status').notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('payment_intent'),
    /** A subscription's period is registered by the memberships module, not as items. */
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull().default('items'),
    /**
     * The provider's PaymentIntent id: the same as provider_payment_id for an embedded payment,
     * the session's PaymentIntent once known for a Checkout Session (refunds name it).
     */
    providerIntentId: text('provider_intent_id'),
    /** Same user + same items + same prices: a second click reuses the payment (and its intent). */
    idempotencyKey: text('idempotency_key'),
    /** Language of the receipt e-mail. */
    lang: text('lang').notNull().default('es'),
    /** When its items were granted (set once, by whichever of confirm or webhook came first). */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_key').on(t.provider, t.providerPaymentId),
    index('payments_user_id_idx').on(t.userId),
    index('payments_provider_intent_id_idx').on(t.providerIntentId),
    index('payments_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    // the admin's sales dashboard: paid payments by when they were paid, refunds by when
    index('payments_sold_at_idx')
      .on(sql`coalesce(${t.fulfilledAt}, ${t.createdAt})`)
      .where(sql`${t.status} in ('succeeded', 'refunded')`),
    index('payments_refunded_at_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
    check('payments_purpose_check', sql`${t.purpose} in ('items', 'subscription')`),
    check('payments_kind_check', sql`${t.kind} in ('payment_intent', 'checkout_session')`),
    check('payments_lang_check', sql`${t.lang} in ('es', 'en', 'fr')`),
    check('payments_provider_check', sql`${t.provider} in ('stripe', 'local')`),
    check('payments_amount_cents_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * What a payment pays for, priced by the server when the payment was created: one row per item
 * (unique per payment and item). The discount is copied (name, percentage, amount) so the receipt
 * and the history stay right after the voucher is edited or deleted.
 */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    /** The item's title when it was bought (the receipt and the history keep it). */
    title: jsonb('title')
      .$type<Record<'es' | 'en' | 'fr', string>>()
      .notNull()
      .default(sql`'{"es":"","en":"","fr":""}'::jsonb`),
    /** The item's price before the discount, in cents. */
    listPriceCents: integer('list_price_cents').notNull(),
    /** What was charged for it, in cents. */
    priceCents: integer('price_cents').notNull(),
    discountId: uuid('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    discountName: text('discount_name'),
    discountPercentage: integer('discount_percentage'),
    discountAmountCents: integer('discount_amount_cents'),
    /**
     * When this item's price alone went back to the buyer (a partial refund: the cart held an item
     * they already owned); a whole refund is the payment's `refunded_at`.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_items_payment_item_key').on(t.paymentId, t.itemType, t.itemId),
    index('payment_items_item_idx').on(t.itemType, t.itemId),
    // the sales dashboard's partial refunds, by when
    index('payment_items_refunded_at_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
    check('payment_items_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check(
      'payment_items_price_check',
      sql`${t.priceCents} >= 0 and ${t.priceCents} <= ${t.listPriceCents}`,
    ),
  ],
);

/** Webhook event ids already handled: a redelivered event is acknowledged and skipped. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local test provider's own records (it stands in for Stripe when no keys are set): its
 * PaymentIntents (`pi_local_...`) and Checkout Sessions (`cs_local_...`), kept in the database so a
 * restart loses no payment. Only the local provider reads or writes this table.
 */
export const localProviderObjects = pgTable(
  'local_provider_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** Stripe's words: requires_payment_method, requires_action, succeeded, canceled; open/complete for sessions. */
    status: text('status').notNull(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key'),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastError: jsonb('last_error').$type<{ code: string; message: string } | null>(),
    /** For a session: its PaymentIntent once paid, and where the browser goes after it. */
    paymentIntentId: text('payment_intent_id'),
    successUrl: text('success_url'),
    cancelUrl: text('cancel_url'),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('local_provider_objects_idempotency_key').on(t.idempotencyKey)],
);

export type LocalProviderObjectRow = typeof localProviderObjects.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type PaymentItemRow = typeof paymentItems.$inferSelect;
export type NewPaymentItemRow = typeof paymentItems.$inferInsert;
