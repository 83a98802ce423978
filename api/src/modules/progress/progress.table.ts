import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ITEM_TYPES } from '../../database/columns.js';
import { users } from '../users/users.table.js';

/** Classes a user marked as done, per course or formation (progresoCursos / progresoFormaciones). */
export const classProgress = pgTable(
  'class_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    classId: uuid('class_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'class_progress_pkey',
      columns: [t.userId, t.itemType, t.itemId, t.classId],
    }),
    check('class_progress_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
  ],
);

export type ClassProgressRow = typeof classProgress.$inferSelect;
