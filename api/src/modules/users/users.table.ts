import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../database/columns.js';

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
