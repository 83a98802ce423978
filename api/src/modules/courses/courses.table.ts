import { relations, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  localizedOptional,
  localizedText,
  localizedTextOrEmpty,
  searchExpression,
  updatedAt,
  visibleFlags,
} from '../../database/columns.js';

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: localizedText('title'),
    description: localizedTextOrEmpty('description'),
    priceCents: integer('price_cents').notNull(),
    image: localizedOptional('image'),
    imagePublicId: localizedOptional('image_public_id'),
    pdf: localizedOptional('pdf'),
    pdfPublicId: localizedOptional('pdf_public_id'),
    video: localizedOptional('video'),
    visible: visibleFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // filled by PostgreSQL: lower(f_unaccent(title || ' ' || description)) per language
    searchEs: text('search_es').generatedAlwaysAs(searchExpression('es')),
    searchEn: text('search_en').generatedAlwaysAs(searchExpression('en')),
    searchFr: text('search_fr').generatedAlwaysAs(searchExpression('fr')),
  },
  (t) => [
    check('courses_price_cents_check', sql`${t.priceCents} >= 0`),
    index('courses_search_es_idx').using('gin', t.searchEs.op('gin_trgm_ops')),
    index('courses_search_en_idx').using('gin', t.searchEn.op('gin_trgm_ops')),
    index('courses_search_fr_idx').using('gin', t.searchFr.op('gin_trgm_ops')),
    index('courses_created_at_idx').on(t.createdAt),
  ],
);

export const courseClasses = pgTable(
  'course_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: localizedText('title'),
    subtitle: localizedTextOrEmpty('subtitle'),
    content: localizedTextOrEmpty('content'),
    secondaryContent: localizedTextOrEmpty('secondary_content'),
    visible: visibleFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
