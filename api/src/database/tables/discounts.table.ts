import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ITEM_TYPES, createdAt, localizedTextOrEmpty, updatedAt } from './columns.js';

export const DISCOUNT_TYPES = ['course', 'formation', 'both'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Discount vouchers (bonos). `amount_cents` is USD cents; percentage is a whole 0..100. */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The name and description per language; `name`/`description` keep the Spanish ones. */
    nameI18n: localizedTextOrEmpty('name_i18n'),
    descriptionI18n: localizedTextOrEmpty('description_i18n'),
    percentage: integer('percentage').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    type: text('type', { enum: DISCOUNT_TYPES }).notNull().default('course'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discounts_percentage_check', sql`${t.percentage} between 0 and 100`),
    check('discounts_amount_cents_check', sql`${t.amountCents} >= 0`),
    check('discounts_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('discounts_type_check', sql`${t.type} in ('course', 'formation', 'both')`),
    index('discounts_active_window_idx').on(t.active, t.endDate),
  ],
);

/** targetItems[]: the courses/formations a voucher applies to (no FK: the item is polymorphic). */
export const discountTargets = pgTable(
  'discount_targets',
  {
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'discount_targets_pkey', columns: [t.discountId, t.itemType, t.itemId] }),
    check('discount_targets_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    index('discount_targets_item_idx').on(t.itemType, t.itemId),
  ],
);

export type DiscountRow = typeof discounts.$inferSelect;
export type NewDiscountRow = typeof discounts.$inferInsert;
export type DiscountTargetRow = typeof discountTargets.$inferSelect;
