import { sql } from 'drizzle-orm';
import {
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
import { createdAt, updatedAt, type ItemType } from '../../database/columns.js';
import { users } from '../users/users.table.js';

export const PAYMENT_PROVIDERS = ['stripe', 'local'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** One item of a payment, priced by the server at the time of payment. */
export interface PaymentItem {
  type: ItemType;
  id: string;
  priceCents: number;
  [extra: string]: unknown;
}

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
    items: jsonb('items')
      .$type<PaymentItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_key').on(t.provider, t.providerPaymentId),
    index('payments_user_id_idx').on(t.userId),
    check('payments_provider_check', sql`${t.provider} in ('stripe', 'local')`),
    check('payments_amount_cents_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Webhook event ids already handled: a redelivered event is acknowledged and skipped. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
