import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedItemRef, ITEM_TYPES } from './columns.js';
import { courseClasses, courses } from './courses.table.js';
import { formationClasses, formations } from './formations.table.js';
import { users } from './users.table.js';

/**
 * Classes a user marked as done, per course or formation (progresoCursos / progresoFormaciones).
 * The item and the class are real references (generated columns per item type): deleting a class
 * removes the marks on it, and no mark outlives its course or formation.
 */
export const classProgress = pgTable(
  'class_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    classId: uuid('class_id').notNull(),
    courseId: generatedItemRef('course').references(() => courses.id, { onDelete: 'cascade' }),
    formationId: generatedItemRef('formation').references(() => formations.id, {
      onDelete: 'cascade',
    }),
    courseClassId: generatedItemRef('course', 'course_class_id', 'class_id').references(
      () => courseClasses.id,
      { onDelete: 'cascade' },
    ),
    formationClassId: generatedItemRef('formation', 'formation_class_id', 'class_id').references(
      () => formationClasses.id,
      { onDelete: 'cascade' },
    ),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'class_progress_pkey',
      columns: [t.userId, t.itemType, t.itemId, t.classId],
    }),
    index('class_progress_course_class_id_idx').on(t.courseClassId),
    index('class_progress_formation_class_id_idx').on(t.formationClassId),
    check('class_progress_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
  ],
);

export type ClassProgressRow = typeof classProgress.$inferSelect;
