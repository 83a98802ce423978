import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ITEM_TYPES } from '../../database/columns.js';
import { payments } from '../payments/payments.table.js';
import { users } from '../users/users.table.js';

/**
 * What a user owns: one row per (user, item). Buying an expired item again updates the same row
 * (`insert ... on conflict (user_id, item_type, item_id) do update set expires_at = ...`).
 * item_id has no FK (course or formation); deleting a course leaves its purchases behind.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('purchases_user_item_key').on(t.userId, t.itemType, t.itemId),
    index('purchases_item_idx').on(t.itemType, t.itemId),
    index('purchases_payment_id_idx').on(t.paymentId),
    check('purchases_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchaseRow = typeof purchases.$inferInsert;
