import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { isDatabaseUnavailable } from '../../database/db-errors.js';
import { TransactionHost } from '../../database/transactions.js';
import { JobHandler } from './job-handler.js';
import { JobsRepository } from './jobs.repository.js';
import type { JobRow } from '../../database/tables/jobs.table.js';
import type { SQL } from 'drizzle-orm';
import type { JobsDiagnostics } from '@circo/shared-contracts';

/** What a handler gets besides the payload: the job's key and which attempt this is. */
export interface JobContext {
  id: string;
  key: string;
  attempt: number;
  /** when the job was written (a mail's outbox name) */
  createdAt: Date;
}

/** What a job carries (JSON), written by `enqueue`. */
export type JobPayload = Record<string, unknown>;

/** What runs a job of one kind. */
export type JobRun = (payload: JobPayload, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /**
   * The job's identity: the same key twice makes one job (a webhook and the confirm call both
   * fulfilling one payment send one receipt). Handlers are idempotent by it.
   */
  key: string;
  /** Run no sooner than this many ms from now. */
  delayMs?: number;
  maxAttempts?: number;
}

/** How long a claim holds without news from its instance; renewed every third of it. */
const LEASE_MS = 60_000;
/** The longest wait between two attempts. */
const MAX_RETRY_MS = 10 * 60_000;
/** Done jobs are kept this long (what ran, when), then deleted by the daily `jobs.prune`. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
/** The daily job that deletes done jobs kept long enough. */
const PRUNE_JOB = 'jobs.prune';
/** The stored error text is cut at this length. */
const MAX_ERROR_CHARS = 2000;

/**
 * The durable jobs (ARCHITECTURE section 7): `enqueue` writes a job row in the open transaction,
 * so the job exists exactly when the change that needs it commits (a rollback takes it away).
 * Every instance with `JOBS_WORKER` on looks for due jobs every `JOBS_POLL_MS` (and at once
 * after a commit that wrote one), claims them with `FOR UPDATE SKIP LOCKED` and runs the handler
 * of the job's kind (a provider's method marked `@JobHandler(kind)`). A failure is retried with a doubling delay; after
 * `JOBS_MAX_ATTEMPTS` the job is dead: kept with its error, logged, and listed in the admin's
 * diagnostics. A job whose instance dies while running it is claimed again once its lease
 * (60 s, renewed while it runs) expires. At shutdown the jobs in hand may finish for half of
 * `SHUTDOWN_TIMEOUT_MS`; the rest are given back for the next instance.
 *
 * A handler may run again after a crash between its work and the row's update, so each is
 * idempotent by the job's key (a provider idempotency key, a Message-ID, a file name).
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, JobRun>();
  private readonly schedules: Array<{ kind: string; everyMs: number }> = [];
  private readonly timers: NodeJS.Timeout[] = [];
  /** The timer of each schedule's next period, by kind. */
  private readonly nextPeriod = new Map<string, NodeJS.Timeout>();
  /** Schedule writes not finished yet (`drain` waits for them). */
  private readonly scheduling = new Set<Promise<void>>();
  /** The jobs this instance runs now, by id. */
  private readonly inHand = new Map<string, Promise<void>>();
  /** Which instance claimed a job: this process (a restart is another worker). */
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running = false;
  /** Shut down: claims nothing more, even for `drain`. */
  private stopped = false;
  private polling: Promise<void> | null = null;
  private again = false;
  private kickPending = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: JobsRepository,
    private readonly host: TransactionHost,
  ) {
    this.every(PRUNE_JOB, 24 * 3_600_000);
  }

  /** Deletes the done jobs older than seven days. */
  @JobHandler(PRUNE_JOB)
  protected async prune(): Promise<void> {
    const n = await this.repo.pruneDone(new Date(Date.now() - KEEP_DONE_MS));
    if (n > 0) this.logger.log(`${n} done job(s) older than 7 days deleted`);
  }

  /** Registers the handler of `kind` (`@JobHandler` methods are registered by it at start). */
  register(kind: string, handler: JobRun): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /**
   * Writes a job in the open transaction (it runs only if that commits), or at once outside one.
   * Answers false when a job with this key exists already.
   */
  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    opts: EnqueueOptions,
  ): Promise<boolean> {
    const made = await this.repo.insert({
      kind,
      key: opts.key,
      payload,
      maxAttempts: opts.maxAttempts ?? this.config.jobs.maxAttempts,
      runAt: opts.delayMs ? new Date(Date.now() + opts.delayMs) : undefined,
    });
    // a nudge once it is committed; the poll finds it anyway
    if (made && !opts.delayMs) await this.host.afterCommit(() => this.kick());
    return made;
  }

  /**
   * `enqueue` as a part of another module's statement (`JobsRepository.insertWhen`): the job is
   * written by that statement when `when` holds in it. Once the statement has run, `kick` wakes
   * the worker (the poll finds the job anyway).
   */
  enqueueWhen(
    kind: string,
    payload: Record<string, unknown>,
    opts: EnqueueOptions,
    when: SQL,
  ): SQL {
    return this.repo.insertWhen(
      {
        kind,
        key: opts.key,
        payload,
        maxAttempts: opts.maxAttempts ?? this.config.jobs.maxAttempts,
      },
      when,
    );
  }

  /**
   * Runs `kind` once per period of `everyMs` across all instances: each instance writes the job
   * of the current period (key `kind@period start`), the unique key keeps one.
   */
  every(kind: string, everyMs: number): void {
    this.schedules.push({ kind, everyMs });
    if (this.running) this.startSchedule(kind, everyMs);
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobs.worker) return;
    this.running = true;
    for (const s of this.schedules) this.startSchedule(s.kind, s.everyMs);
    const poll = setInterval(() => this.kick(), this.config.jobs.pollMs);
    const renew = setInterval(() => void this.renewLeases(), LEASE_MS / 3);
    poll.unref();
    renew.unref();
    this.timers.push(poll, renew);
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    for (const t of this.nextPeriod.values()) clearTimeout(t);
    this.nextPeriod.clear();
    await Promise.allSettled([...this.scheduling]);
    await this.polling?.catch(() => undefined);
    if (this.inHand.size === 0) return;
    const waitMs = Math.floor(this.config.shutdownTimeoutMs / 2);
    this.logger.log(`shutdown: ${this.inHand.size} job(s) in hand, waiting up to ${waitMs} ms`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inHand.values()]),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
    const left = [...this.inHand.keys()];
    if (left.length > 0) {
      await this.repo.release(this.worker, left).catch(() => undefined);
      this.logger.warn(`shutdown: ${left.length} unfinished job(s) given back for the next start`);
    }
  }

  /**
   * Runs due jobs until none is left that this instance can run now (tests; scripts). Jobs
   * waiting for a retry later are not waited for.
   */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.scheduling]);
    while (!this.stopped) {
      await this.pollOnce();
      if (this.inHand.size === 0) {
        // one more round: a round running when this one was asked may have missed a new job
        await this.pollOnce();
        if (this.inHand.size === 0) return;
      }
      await Promise.allSettled([...this.inHand.values()]);
    }
  }

  /** Looks for due jobs soon (coalesced); a no-op when this instance runs no jobs. */
  /** Counts by state and the newest `deadShown` dead-lettered jobs (the admin's diagnostics). */
  async diagnostics(deadShown: number): Promise<JobsDiagnostics> {
    const [counts, dead] = await Promise.all([
      this.repo.countsByStatus(),
      this.repo.dead(deadShown),
    ]);
    return {
      counts,
      dead: dead.map((j) => ({
        _id: j.id,
        kind: j.kind,
        key: j.key,
        attempts: j.attempts,
        lastError: j.lastError,
        createdAt: j.createdAt.toISOString(),
        failedAt: j.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Puts a dead job back to pending with fresh attempts; false when there is no such dead job. */
  async retryDead(id: string): Promise<boolean> {
    if (!(await this.repo.revive(id))) return false;
    this.kick();
    return true;
  }

  kick(): void {
    if (!this.running || this.kickPending) return;
    this.kickPending = true;
    setImmediate(() => {
      this.kickPending = false;
      if (this.running) void this.pollOnce();
    });
  }

  private startSchedule(kind: string, everyMs: number): void {
    // one write per period and instance: at start, then just after each period begins
    const write = () => {
      if (!this.running) return;
      const now = Date.now();
      const period = Math.floor(now / everyMs) * everyMs;
      const written: Promise<void> = this.enqueue(
        kind,
        {},
        { key: `${kind}@${new Date(period).toISOString()}` },
      )
        .then(() => undefined)
        .catch((err: unknown) => {
          if (!isDatabaseUnavailable(err)) this.logger.error(`scheduling ${kind} failed`, err);
        })
        .finally(() => this.scheduling.delete(written));
      this.scheduling.add(written);
      const next = setTimeout(write, period + everyMs - now + 1_000);
      next.unref();
      this.nextPeriod.set(kind, next);
    };
    write();
  }

  /** One claim round (never two at once: a round asked for meanwhile runs right after). */
  private pollOnce(): Promise<void> {
    if (this.polling) {
      this.again = true;
      return this.polling;
    }
    this.polling = this.claimAndStart()
      .catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) this.logger.error('claiming jobs failed', err);
      })
      .finally(() => {
        this.polling = null;
        if (this.again) {
          this.again = false;
          void this.pollOnce();
        }
      });
    return this.polling;
  }

  private async claimAndStart(): Promise<void> {
    if (this.stopped) return;
    const free = this.config.jobs.concurrency - this.inHand.size;
    if (free <= 0) return;
    const now = new Date();
    const claimed = await this.repo.claim(
      this.worker,
      [...this.handlers.keys()],
      free,
      now,
      new Date(now.getTime() + LEASE_MS),
    );
    for (const job of claimed) {
      const run = this.execute(job).finally(() => {
        this.inHand.delete(job.id);
        // a slot is free: more may be waiting
        if (this.running) this.kick();
      });
      this.inHand.set(job.id, run);
    }
  }

  private async execute(job: JobRow): Promise<void> {
    const started = Date.now();
    let error: unknown = null;
    if (job.attempts > job.maxAttempts) {
      // claimed again and again by instances that died running it
      error = new Error(`no attempt finished in ${job.maxAttempts} (its instance died each time)`);
    } else {
      try {
        await this.handlers.get(job.kind)!(job.payload, {
          id: job.id,
          key: job.key,
          attempt: job.attempts,
          createdAt: job.createdAt,
        });
      } catch (err) {
        error = err ?? new Error('failed');
      }
    }
    try {
      const now = new Date();
      if (error === null) {
        await this.repo.complete(job.id, this.worker, now);
        this.logger.debug?.(`${job.kind} ${job.key} done in ${Date.now() - started} ms`);
        return;
      }
      const text = errorText(error);
      const retryAt =
        job.attempts < job.maxAttempts
          ? new Date(now.getTime() + this.retryDelay(job.attempts))
          : null;
      await this.repo.fail(job.id, this.worker, text, retryAt, now);
      if (retryAt) {
        this.logger.warn(
          `${job.kind} ${job.key} failed (attempt ${job.attempts} of ${job.maxAttempts}), retry at ${retryAt.toISOString()}: ${text}`,
        );
      } else {
        this.logger.error(
          `${job.kind} ${job.key} is dead after ${job.attempts} attempt(s): ${text} (admin diagnostics list it)`,
        );
      }
    } catch (err) {
      // the database away: the claim expires and another round runs the job again
      this.logger.error(`recording the outcome of ${job.kind} ${job.key} failed`, err);
    }
  }

  /** The delay after the n-th failed attempt: doubling from JOBS_RETRY_MS, +-20% jitter. */
  private retryDelay(attempt: number): number {
    const base = Math.min(this.config.jobs.retryMs * 2 ** (attempt - 1), MAX_RETRY_MS);
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  private async renewLeases(): Promise<void> {
    // nothing in hand: nothing to ask the database
    if (this.inHand.size === 0) return;
    try {
      await this.repo.extend(this.worker, [...this.inHand.keys()], new Date(Date.now() + LEASE_MS));
    } catch (err) {
      if (!isDatabaseUnavailable(err)) this.logger.error('renewing job claims failed', err);
    }
  }
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.stack || err.message : String(err);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}
