import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { GRANT_REASONS } from '@circo/shared-contracts';
import { createdAt, generatedItemRef, ITEM_TYPES } from './columns.js';
import { courses } from './courses.table.js';
import { formations } from './formations.table.js';
import { payments } from './payments.table.js';
import { users } from './users.table.js';

/**
 * How access was given or taken: a paid purchase, the renewal of an expired item, an admin grant,
 * a refund (which points at the grant it cancels), or an admin ending an admin grant (a
 * revocation, which points at it too).
 */
export const GRANT_KINDS = ['purchase', 'renewal', 'admin_grant', 'refund', 'revocation'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];
/** Why an admin gave access by hand (shared-contracts GRANT_REASONS). */
export { GRANT_REASONS, type GrantReason } from '@circo/shared-contracts';
/** The kinds that end another grant (they point at it with refunds_grant_id). */
export const ENDING_KINDS = ['refund', 'revocation'] as const;

/**
 * The purchase history: every grant of access is a row that stays. What a user owns now is derived
 * from it (the `current_access` view): the latest end date of its grants that were not refunded.
 * The item is referenced through generated course_id / formation_id columns with ON DELETE
 * RESTRICT, so an item that has buyers cannot be deleted (the API answers 409).
 */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    courseId: generatedItemRef('course').references(() => courses.id, { onDelete: 'restrict' }),
    formationId: generatedItemRef('formation').references(() => formations.id, {
      onDelete: 'restrict',
    }),
    kind: text('kind', { enum: GRANT_KINDS }).notNull(),
    /** Access this grant gives: [startsAt, expiresAt). A refund row keeps the refund time in both. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** For a refund: the grant it cancels. */
    refundsGrantId: uuid('refunds_grant_id').references((): AnyPgColumn => accessGrants.id, {
      onDelete: 'restrict',
    }),
    /** Who gave it, for admin grants (and who ended one, for a revocation). */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why an admin gave it (admin grants): scholarship, technical problem, gift, other. */
    reason: text('reason', { enum: GRANT_REASONS }),
    /** The admin's own words about it. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_grants_user_item_idx').on(t.userId, t.itemType, t.itemId),
    index('access_grants_course_id_idx').on(t.courseId),
    index('access_grants_formation_id_idx').on(t.formationId),
    index('access_grants_payment_id_idx').on(t.paymentId),
    // a payment grants each of its items once, whichever of confirm, webhook or retry comes first
    uniqueIndex('access_grants_payment_item_key')
      .on(t.paymentId, t.itemType, t.itemId)
      .where(sql`${t.kind} in ('purchase', 'renewal')`),
    // a grant is refunded at most once
    uniqueIndex('access_grants_refunds_grant_id_key').on(t.refundsGrantId),
    check('access_grants_item_type_check', sql`${t.itemType} in ('course', 'formation')`),
    check(
      'access_grants_kind_check',
      sql`${t.kind} in ('purchase', 'renewal', 'admin_grant', 'refund', 'revocation')`,
    ),
    check('access_grants_period_check', sql`${t.expiresAt} >= ${t.startsAt}`),
    check(
      'access_grants_refund_check',
      sql`(${t.kind} in ('refund', 'revocation')) = (${t.refundsGrantId} is not null)`,
    ),
    check(
      'access_grants_reason_check',
      sql`${t.reason} is null or ${t.reason} in ('scholarship', 'technical', 'gift', 'other')`,
    ),
    check(
      'access_grants_payment_check',
      sql`${t.kind} not in ('purchase', 'renewal') or ${t.paymentId} is not null`,
    ),
  ],
);

/**
 * What each user owns now: per (user, item), the latest end of its grants that no refund or
 * revocation cancels,
 * and when it was first granted. Active when `expires_at` is in the future.
 */
export const currentAccess = pgView('current_access', {
  userId: uuid('user_id').notNull(),
  itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
  itemId: uuid('item_id').notNull(),
  firstGrantedAt: timestamp('first_granted_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}).as(
  sql`select g.user_id, g.item_type, g.item_id, min(g.starts_at) as first_granted_at, max(g.expires_at) as expires_at
      from ${accessGrants} g
      where g.kind not in ('refund', 'revocation')
        and not exists (select 1 from ${accessGrants} r where r.refunds_grant_id = g.id)
      group by g.user_id, g.item_type, g.item_id`,
);

export type AccessGrantRow = typeof accessGrants.$inferSelect;
export type NewAccessGrantRow = typeof accessGrants.$inferInsert;
export type CurrentAccessRow = typeof currentAccess.$inferSelect;
