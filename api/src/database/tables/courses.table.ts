import { relations } from 'drizzle-orm';
import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import {
  classContentColumns,
  searchEntryColumns,
  searchEntryIndexes,
  sellableItemColumns,
  sellableItemIndexes,
} from './columns.js';

export const courses = pgTable('courses', sellableItemColumns(), (t) =>
  sellableItemIndexes('courses', t),
);

/** What a search reads of each course, per language (kept in step by a trigger on courses). */
export const courseSearch = pgTable(
  'course_search',
  searchEntryColumns(() => courses.id),
  (t) => searchEntryIndexes('course_search', t),
);

export const courseClasses = pgTable(
  'course_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ...classContentColumns(),
  },
  (t) => [index('course_classes_course_id_position_idx').on(t.courseId, t.position)],
);

export const coursesRelations = relations(courses, ({ many }) => ({
  classes: many(courseClasses),
}));
export const courseClassesRelations = relations(courseClasses, ({ one }) => ({
  course: one(courses, { fields: [courseClasses.courseId], references: [courses.id] }),
}));

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
export type CourseClassRow = typeof courseClasses.$inferSelect;
export type NewCourseClassRow = typeof courseClasses.$inferInsert;
