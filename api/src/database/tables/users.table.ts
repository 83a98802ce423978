import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    /** Always stored lower-cased (a check enforces it), so the unique index is case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /**
     * Bumped by a password reset or change: session tokens carry the version they were issued
     * under, and the guard refuses older ones, so a reset ends every earlier session.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The student said no to access reminders (the link in each one, or the account setting). */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * One row: a counter that every statement changing or removing accounts bumps in its own
 * transaction (a statement trigger on `users`, see the migration). Each API instance keeps the
 * accounts of signed-in requests in memory (AccountCache) and reads this number every poll: a
 * changed number empties its copy, so a password reset, a role change or a deleted account
 * reaches every instance within one poll. Written only by that trigger.
 */
export const accountsVersion = pgTable(
  'accounts_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('accounts_version_single_row', sql`${t.id} = 1`)],
);
