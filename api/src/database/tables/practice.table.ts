import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedItemRef, ITEM_TYPES, updatedAt } from './columns.js';
import { courseClasses } from './courses.table.js';
import { formationClasses } from './formations.table.js';
import { users } from './users.table.js';

// The practice player's data, per student. The class is a real reference through
// generated columns per item type (as class_progress): deleting a class or a user removes its rows.

const classRefs = () => ({
  itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
  itemId: uuid('item_id').notNull(),
  classId: uuid('class_id').notNull(),
  courseClassId: generatedItemRef('course', 'course_class_id', 'class_id').references(
    () => courseClasses.id,
    { onDelete: 'cascade' },
  ),
  formationClassId: generatedItemRef('formation', 'formation_class_id', 'class_id').references(
    () => formationClasses.id,
    { onDelete: 'cascade' },
  ),
});

/** Where a student left a class's video (one row per student and class: the last video watched). */
export const classPositions = pgTable(
  'class_positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...classRefs(),
    video: integer('video').notNull().default(0),
    seconds: doublePrecision('seconds').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'class_positions_pkey', columns: [t.userId, t.classId] }),
    index('class_positions_course_class_id_idx').on(t.courseClassId),
    index('class_positions_formation_class_id_idx').on(t.formationClassId),
    check('class_positions_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check('class_positions_seconds_check', sql`${t.seconds} >= 0 and ${t.video} >= 0`),
  ],
);

/** "I practised this": minutes of practice of a class on a day. */
export const practiceLog = pgTable(
  'practice_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...classRefs(),
    minutes: integer('minutes').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    // the client's key of the entry: an entry sent again (a queue replayed after the network came
    // back, a retry whose answer was lost) is written once
    idempotencyKey: uuid('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('practice_log_user_idempotency_key_uq').on(t.userId, t.idempotencyKey),
    index('practice_log_user_day_idx').on(t.userId, t.day),
    index('practice_log_user_class_idx').on(t.userId, t.classId),
    index('practice_log_course_class_id_idx').on(t.courseClassId),
    index('practice_log_formation_class_id_idx').on(t.formationClassId),
    check('practice_log_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check('practice_log_minutes_check', sql`${t.minutes} between 1 and 600`),
  ],
);

/** The player's choices a student keeps on every device. */
export const practicePreferences = pgTable(
  'practice_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    speed: real('speed').notNull().default(1),
    mirror: boolean('mirror').notNull().default(false),
    countdown: integer('countdown').notNull().default(0),
    cameraDelay: integer('camera_delay').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'practice_preferences_values_check',
      sql`${t.speed} in (0.25, 0.5, 0.75, 1, 1.25, 1.5, 2) and ${t.countdown} in (0, 3, 5, 10) and ${t.cameraDelay} in (0, 3, 5, 10, 20)`,
    ),
  ],
);

export type ClassPositionRow = typeof classPositions.$inferSelect;
export type PracticeLogRow = typeof practiceLog.$inferSelect;
export type PracticePreferencesRow = typeof practicePreferences.$inferSelect;
