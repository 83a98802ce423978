import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable jobs (a transactional outbox): work that must follow a committed change (a
 * receipt, a refund, a reset e-mail, removing files) is a row written in the same transaction as
 * the change, so it exists exactly when the change does. Any instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` (modules/jobs/jobs.repository.ts), runs the handler of `kind`, and
 * marks the row done; a failure puts it back with a later `run_at` (backoff) until
 * `max_attempts`, then it stays `dead` with its last error (admin diagnostics). `key` is unique:
 * enqueueing the same work twice (a webhook and the confirm call, two instances scheduling one
 * period) makes one row.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique('jobs_key_unique'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance running it, and until when its claim holds (a killed instance's expires). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_status', sql`${t.status} in ('pending', 'running', 'done', 'dead')`),
    // what a worker looks for: the due pending rows, and the running ones whose claim expired
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_claimed_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_dead_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'dead'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
