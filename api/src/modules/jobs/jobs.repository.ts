import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import { jobs, type JobRow, type JobStatus } from '../../database/tables/jobs.table.js';

export interface NewJob {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  runAt?: Date;
}

/** The jobs table: only this file reads and writes it. */
@Injectable()
export class JobsRepository extends Repository {
  /**
   * Writes the job in the open transaction (or at once outside one). The same key twice makes one
   * row: answers whether this call made it.
   */
  async insert(job: NewJob): Promise<boolean> {
    const rows = await this.db
      .insert(jobs)
      .values({ ...job, runAt: job.runAt ?? new Date() })
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /**
   * The insert of `job` as a part of another statement (a CTE of another module's write), made
   * only when `when` holds there: the job is written with that write, at once and atomically,
   * without a transaction around both. The same key twice makes one row.
   */
  insertWhen(job: NewJob, when: SQL): SQL {
    return sql`insert into ${jobs} (kind, key, payload, max_attempts)
      select ${job.kind}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${job.maxAttempts}
      where ${when}
      on conflict (key) do nothing`;
  }

  /**
   * Claims up to `limit` due jobs of these kinds for `worker` until `lockedUntil`: the pending
   * ones whose time has come, and the running ones whose claim expired (their instance died).
   * `SKIP LOCKED`: rows another instance is claiming at this moment are passed over, so two
   * instances never claim one job. Each claim counts as an attempt.
   */
  async claim(
    worker: string,
    kinds: string[],
    limit: number,
    now: Date,
    lockedUntil: Date,
  ): Promise<JobRow[]> {
    if (kinds.length === 0 || limit <= 0) return [];
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: worker,
        lockedUntil,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** Extends the claims `worker` holds on these jobs (a long handler keeps its job). */
  async extend(worker: string, ids: string[], lockedUntil: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobs)
      .set({ lockedUntil })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')));
  }

  /**
   * Marks a claimed job done (only while `worker` still holds it). Its payload goes: nothing
   * needs it any more, and it may hold an address someone typed.
   */
  async complete(id: string, worker: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'done', finishedAt: now, lockedBy: null, lockedUntil: null, payload: {} })
      .where(heldBy(id, worker))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** A failed attempt: back to pending at `retryAt`, or dead (retryAt null) with its error. */
  async fail(
    id: string,
    worker: string,
    error: string,
    retryAt: Date | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(jobs)
      .set(
        retryAt
          ? {
              status: 'pending',
              runAt: retryAt,
              lastError: error,
              lockedBy: null,
              lockedUntil: null,
            }
          : {
              status: 'dead',
              finishedAt: now,
              lastError: error,
              lockedBy: null,
              lockedUntil: null,
            },
      )
      .where(heldBy(id, worker));
  }

  /** Gives back jobs `worker` holds, untouched (shutdown): the attempt is not counted. */
  async release(worker: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobs)
      .set({
        status: 'pending',
        lockedBy: null,
        lockedUntil: null,
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')));
  }

  async findByKey(key: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.key, key)).limit(1);
    return row;
  }

  /** How many jobs are in each state. */
  async countsByStatus(): Promise<Record<JobStatus, number>> {
    const rows = await this.db
      .select({ status: jobs.status, n: count() })
      .from(jobs)
      .groupBy(jobs.status);
    const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, dead: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  }

  /** The newest dead jobs. */
  dead(limit: number): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(eq(jobs.status, 'dead'))
      .orderBy(desc(jobs.finishedAt))
      .limit(limit);
  }

  /** A dead job pending again with fresh attempts (the admin's retry); false if none is dead. */
  async revive(id: string): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'pending', attempts: 0, runAt: new Date(), finishedAt: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Deletes the done jobs finished before `before`; answers how many. */
  async pruneDone(before: Date): Promise<number> {
    const rows = await this.db
      .delete(jobs)
      .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before)))
      .returning({ id: jobs.id });
    return rows.length;
  }
}

const heldBy = (id: string, worker: string) =>
  and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running'));
