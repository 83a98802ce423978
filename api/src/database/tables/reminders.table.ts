import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ITEM_TYPES } from './columns.js';
import { users } from './users.table.js';

/**
 * The access reminders that went out (or are on their way: the mail is a job written in the same
 * transaction). One row per access period (user, item, end of access) and threshold (30, 7, 1
 * days before the end; 0 once it has ended): the unique index is what keeps a reminder to once,
 * whichever instance's schedule finds it first. A new end of access (renewal, admin extension)
 * is a new period with its own reminders.
 */
export const accessReminders = pgTable(
  'access_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Days before the end (30, 7, 1), or 0 for "it has ended". */
    daysBefore: integer('days_before').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_reminders_once_key').on(
      t.userId,
      t.itemType,
      t.itemId,
      t.expiresAt,
      t.daysBefore,
    ),
    index('access_reminders_user_idx').on(t.userId),
    check('access_reminders_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check('access_reminders_days_check', sql`${t.daysBefore} in (0, 1, 7, 30)`),
  ],
);

export type AccessReminderRow = typeof accessReminders.$inferSelect;
