import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.table.js';

export const RESOURCE_TYPES = ['image', 'raw', 'video'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const STORAGE_KINDS = ['local', 'cloudinary', 'vimeo'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** Files uploaded by admins (images, PDFs = raw, videos), wherever they are stored. */
export const uploadedAssets = pgTable(
  'uploaded_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicId: text('public_id').notNull(),
    resourceType: text('resource_type', { enum: RESOURCE_TYPES }).notNull(),
    url: text('url').notNull(),
    private: boolean('private').notNull().default(false),
    storage: text('storage', { enum: STORAGE_KINDS }).notNull(),
    /** Video processing status ('available' when ready; Vimeo's words otherwise). */
    status: text('status').notNull().default('available'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    /** A video's frames per second, read from its container at upload (frame stepping); null if unknown. */
    frameRate: real('frame_rate'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploaded_assets_public_id_key').on(t.publicId),
    check(
      'uploaded_assets_resource_type_check',
      sql`${t.resourceType} in ('image', 'raw', 'video')`,
    ),
    check('uploaded_assets_storage_check', sql`${t.storage} in ('local', 'cloudinary', 'vimeo')`),
    index('uploaded_assets_created_at_idx').on(t.createdAt),
  ],
);

export type UploadedAssetRow = typeof uploadedAssets.$inferSelect;
export type NewUploadedAssetRow = typeof uploadedAssets.$inferInsert;
