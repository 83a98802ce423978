import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, localizedOptional, localizedTextOrEmpty } from './columns.js';
import { courseClasses } from './courses.table.js';
import { formationClasses } from './formations.table.js';

export const MEDIA_OWNER_KINDS = ['course_class', 'formation_class'] as const;
export type MediaOwnerKind = (typeof MEDIA_OWNER_KINDS)[number];
export const MEDIA_KINDS = ['pdf', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * The pdfs[] and videos[] of a class (course class or formation class), in order.
 * Exactly one owner foreign key is set, matching `owner_kind`; deleting the class deletes its media.
 */
export const classMedia = pgTable(
  'class_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKind: text('owner_kind', { enum: MEDIA_OWNER_KINDS }).notNull(),
    courseClassId: uuid('course_class_id').references(() => courseClasses.id, {
      onDelete: 'cascade',
    }),
    formationClassId: uuid('formation_class_id').references(() => formationClasses.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    position: integer('position').notNull().default(0),
    url: localizedOptional('url'),
    publicId: localizedOptional('public_id'),
    title: localizedTextOrEmpty('title'),
    description: localizedTextOrEmpty('description'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'class_media_owner_kind_check',
      sql`${t.ownerKind} in ('course_class', 'formation_class')`,
    ),
    check('class_media_kind_check', sql`${t.kind} in ('pdf', 'video')`),
    check(
      'class_media_one_owner_check',
      sql`(${t.ownerKind} = 'course_class' and ${t.courseClassId} is not null and ${t.formationClassId} is null)
        or (${t.ownerKind} = 'formation_class' and ${t.formationClassId} is not null and ${t.courseClassId} is null)`,
    ),
    index('class_media_course_class_idx').on(t.courseClassId, t.kind, t.position),
    index('class_media_formation_class_idx').on(t.formationClassId, t.kind, t.position),
  ],
);

export type ClassMediaRow = typeof classMedia.$inferSelect;
export type NewClassMediaRow = typeof classMedia.$inferInsert;
