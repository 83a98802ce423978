import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ITEM_TYPES, type LocalizedText } from './columns.js';
import { users } from './users.table.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Certificates of completion. A row is written when a student has completed the classes of an
 * item that count (or when the coach approves one waiting for review) and keeps what the
 * certificate says as it was issued: the name, the item's title and the number of classes, so a
 * class added later or a renamed course changes nothing. At most one live certificate (waiting or
 * issued, not revoked) per student and item; a revoked or declined one stays, and a reissue is a
 * new row with a new code.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The verification code: 12 characters of Crockford's base32, 60 random bits. */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    /** The language of the certificate (the one the student followed the item in). */
    lang: text('lang').notNull(),
    studentName: text('student_name').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    classCount: integer('class_count').notNull(),
    status: text('status', { enum: ['pending', 'issued', 'declined'] }).notNull(),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    uniqueIndex('certificates_live_key')
      .on(t.userId, t.itemType, t.itemId)
      .where(sql`${t.revokedAt} is null and ${t.status} <> 'declined'`),
    index('certificates_item_idx').on(t.itemType, t.itemId),
    index('certificates_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('certificates_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check('certificates_status_check', sql`${t.status} in ('pending', 'issued', 'declined')`),
    check('certificates_lang_check', sql`${t.lang} in ('es', 'en', 'fr')`),
  ],
);

/** The items whose certificates the coach reviews before they are issued (off by default). */
export const certificateReviews = pgTable(
  'certificate_reviews',
  {
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    review: boolean('review').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'certificate_reviews_pkey', columns: [t.itemType, t.itemId] }),
    check('certificate_reviews_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
  ],
);

/** The coach's name and signature image printed on every certificate: one row. */
export const certificateSigner = pgTable(
  'certificate_signer',
  {
    id: integer('id').primaryKey().default(1),
    coachName: text('coach_name').notNull().default(''),
    signature: bytea('signature'),
    signatureType: text('signature_type'),
  },
  (t) => [check('certificate_signer_one_row', sql`${t.id} = 1`)],
);

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateSignerRow = typeof certificateSigner.$inferSelect;
