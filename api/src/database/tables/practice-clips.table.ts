import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, type DrawingShape } from '@circo/shared-contracts';
import { createdAt, ITEM_TYPES } from './columns.js';
import { users } from './users.table.js';

// Practice feedback. A clip belongs to its student (deleted with the account); its class
// and item are kept as ids without a foreign key on purpose: a teacher reorganising her classes
// must not wipe her students' clips and answers (the queue shows a removed class as such). Files
// are stored through the media layout (`practice/<uuid>.<ext>`, private) or on Cloudinary; a
// clip's and its voice notes' files are removed by a durable job written in the same transaction
// as the rows' deletion (the clip's own, or the account's).

export const CLIP_STORAGES = ['local', 'cloudinary'] as const;

export const practiceClips = pgTable(
  'practice_clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    classId: uuid('class_id').notNull(),
    note: text('note').notNull().default(''),
    /** the language the student sent it in: the answer's e-mail is written in it */
    lang: text('lang', { enum: LANGUAGES }).notNull().default('es'),
    source: text('source', { enum: ['file', 'recording'] }).notNull(),
    status: text('status', { enum: ['pending', 'answered'] })
      .notNull()
      .default('pending'),
    storage: text('storage', { enum: CLIP_STORAGES }).notNull(),
    publicId: text('public_id').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    frameRate: real('frame_rate'),
    codec: text('codec'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('practice_clips_user_created_idx').on(t.userId, t.createdAt),
    index('practice_clips_status_created_idx').on(t.status, t.createdAt),
    check('practice_clips_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check('practice_clips_status_check', sql`${t.status} in ('pending', 'answered')`),
    check('practice_clips_source_check', sql`${t.source} in ('file', 'recording')`),
    check('practice_clips_lang_check', sql`${t.lang} in ('es', 'en', 'fr')`),
    check('practice_clips_storage_check', sql`${t.storage} in ('local', 'cloudinary')`),
    check(
      'practice_clips_values_check',
      sql`${t.durationSeconds} > 0 and ${t.sizeBytes} > 0 and char_length(${t.note}) <= 1000`,
    ),
  ],
);

export const practiceClipComments = pgTable(
  'practice_clip_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clipId: uuid('clip_id')
      .notNull()
      .references(() => practiceClips.id, { onDelete: 'cascade' }),
    atSeconds: doublePrecision('at_seconds').notNull(),
    text: text('text').notNull().default(''),
    drawing: jsonb('drawing')
      .$type<DrawingShape[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    voiceStorage: text('voice_storage', { enum: CLIP_STORAGES }),
    voicePublicId: text('voice_public_id'),
    voiceContentType: text('voice_content_type'),
    voiceSeconds: doublePrecision('voice_seconds'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('practice_clip_comments_clip_idx').on(t.clipId, t.atSeconds),
    check(
      'practice_clip_comments_values_check',
      sql`${t.atSeconds} >= 0 and char_length(${t.text}) <= 1000`,
    ),
    check(
      'practice_clip_comments_voice_check',
      sql`(${t.voicePublicId} is null) = (${t.voiceStorage} is null)`,
    ),
  ],
);

export type PracticeClipRow = typeof practiceClips.$inferSelect;
export type NewPracticeClipRow = typeof practiceClips.$inferInsert;
export type PracticeClipCommentRow = typeof practiceClipComments.$inferSelect;
export type NewPracticeClipCommentRow = typeof practiceClipComments.$inferInsert;
