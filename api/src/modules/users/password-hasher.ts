import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ARGON2_OPTIONS, MAX_PASSWORD_LENGTH } from './password.js';

// The worker's whole code: argon2id (the native @node-rs/argon2, the same as password.ts) run
// synchronously on its own thread, one job at a time. Given as a string (`eval`), so the built API
// and jest (which runs the TypeScript source) start the same worker. After each job it reports the
// CPU its thread has used so far (Linux: /proc/thread-self), for the load run's CPU split.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const argon2 = require(workerData.argon2);
const cpuMs = () => {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
};
parentPort.on('message', (job) => {
  let reply;
  try {
    const result =
      job.op === 'hash'
        ? argon2.hashSync(job.password, workerData.options)
        : argon2.verifySync(job.hash, job.password);
    reply = { id: job.id, result };
  } catch (err) {
    reply = { id: job.id, error: String((err && err.message) || err) };
  }
  reply.cpuMs = cpuMs();
  parentPort.postMessage(reply);
});
`;

type Job =
  | { id: number; op: 'hash'; password: string }
  | { id: number; op: 'verify'; hash: string; password: string };
interface Reply {
  id: number;
  result?: string | boolean;
  error?: string;
  cpuMs: number | null;
}
interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
}
interface Slot {
  worker: Worker;
  /** the jobs posted to this worker, oldest first: it runs them one at a time, in order */
  jobs: Pending[];
  cpuMs: number;
}

/** What the hasher has done since the start (`GET /api/admin/diagnostics/runtime`). */
export interface PasswordHasherStats {
  threads: number;
  queueLimit: number;
  running: number;
  queued: number;
  done: number;
  /** answered 503 because the queue was full */
  rejected: number;
  /** CPU time of the hashing threads (Linux; null elsewhere) */
  cpuMs: number | null;
  /** the mean time of one hash on its thread, lately (ms) */
  meanHashMs: number;
}

/** Too many hashes waiting: 503 with Retry-After (seconds), at once, without queueing. */
export class HashingBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      503,
      COMMON_ERRORS.busy,
      'Too many sign-ins at this moment: please try again in a few seconds',
      { data: { retryAfterSeconds } },
    );
  }
}

/**
 * Password hashing and checking (argon2id, OWASP's parameters) on a few worker threads with a
 * bounded queue: a burst of logins and sign-ups uses at most `threads` cores, never the event
 * loop nor libuv's pool (files, DNS), and past `queue` waiting ones is refused with 503 +
 * Retry-After at once instead of making every request wait.
 */
@Injectable()
export class PasswordHasher implements OnModuleDestroy {
  private readonly logger = new Logger('PasswordHasher');
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private done = 0;
  private rejected = 0;
  private meanMs = 15;
  private closed = false;
  private readonly started = new Map<number, number>();
  private readonly threads: number;
  private readonly queueLimit: number;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'passwordHashing'>) {
    this.threads = config.passwordHashing.threads;
    this.queueLimit = config.passwordHashing.queue;
  }

  /** An argon2id PHC string of `password` with a fresh salt. */
  async hash(password: string): Promise<string> {
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw new RangeError(`Passwords are limited to ${MAX_PASSWORD_LENGTH} characters`);
    }
    return (await this.run({ id: this.nextId++, op: 'hash', password })) as string;
  }

  /**
   * True when `password` matches `passwordHash`; a missing hash (no such account) still costs one
   * verification, so an unknown e-mail answers as slowly as a wrong password. A malformed hash
   * gives false; a full queue throws HashingBusyError.
   */
  async verify(password: string, passwordHash: string | null | undefined): Promise<boolean> {
    if (password.length > MAX_PASSWORD_LENGTH) return false;
    const hash = passwordHash || (await this.dummyHash());
    try {
      const ok = (await this.run({ id: this.nextId++, op: 'verify', hash, password })) as boolean;
      return ok && Boolean(passwordHash);
    } catch (err) {
      if (err instanceof HashingBusyError) throw err;
      return false;
    }
  }

  stats(): PasswordHasherStats {
    const cpu = this.slots.map((s) => s.cpuMs);
    const running = this.slots.filter((s) => s.jobs.length > 0).length;
    return {
      threads: this.threads,
      queueLimit: this.queueLimit,
      running,
      queued: this.inFlight() - running,
      done: this.done,
      rejected: this.rejected,
      cpuMs: cpu.some((c) => c < 0) ? null : cpu.reduce((a, b) => a + b, 0),
      meanHashMs: Math.round(this.meanMs * 10) / 10,
    };
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const stopped = new Error('The password hasher stopped');
    for (const slot of this.slots) for (const p of slot.jobs.splice(0)) p.reject(stopped);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private dummy?: Promise<string>;
  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash('not-a-real-password');
    return this.dummy;
  }

  private inFlight(): number {
    return this.slots.reduce((n, slot) => n + slot.jobs.length, 0);
  }

  // Jobs are posted to a worker as they come (its message queue is the queue), so a worker never
  // waits for this thread between two hashes: on a busy event loop it would, and the queue would
  // fill while the hashing threads idle.
  private run(job: Job): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('The password hasher stopped'));
    const waiting = this.inFlight() - this.slots.filter((s) => s.jobs.length > 0).length;
    const slot = this.leastBusy();
    if (slot.jobs.length > 0 && waiting >= this.queueLimit) {
      this.rejected++;
      // the time the jobs ahead take, rounded up to whole seconds
      const ahead = this.inFlight();
      const seconds = Math.max(1, Math.ceil((ahead * this.meanMs) / this.threads / 1000));
      return Promise.reject(new HashingBusyError(seconds));
    }
    return new Promise((resolve, reject) => {
      slot.jobs.push({ job, resolve, reject });
      this.started.set(job.id, performance.now());
      slot.worker.postMessage(job);
    });
  }

  /** The worker with the fewest jobs; threads are started on first need, up to `threads`. */
  private leastBusy(): Slot {
    const idle = this.slots.find((s) => s.jobs.length === 0);
    if (idle) return idle;
    if (this.slots.length < this.threads) return this.spawn();
    return this.slots.reduce((a, b) => (b.jobs.length < a.jobs.length ? b : a));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'),
        options: ARGON2_OPTIONS,
      },
    });
    const slot: Slot = { worker, jobs: [], cpuMs: 0 };
    worker.unref();
    worker.on('message', (reply: Reply) => this.finish(slot, reply));
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', (code) => {
      if (!this.closed) this.fail(slot, new Error(`password worker exited (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, reply: Reply): void {
    const pending = slot.jobs.shift();
    if (reply.cpuMs === null) slot.cpuMs = -1;
    else if (slot.cpuMs >= 0) slot.cpuMs = reply.cpuMs;
    // a job's time on its thread: from the end of the one before it (or its posting)
    const began = this.started.get(reply.id);
    this.started.delete(reply.id);
    const now = performance.now();
    if (began !== undefined) this.meanMs = 0.9 * this.meanMs + 0.1 * (now - began);
    const next = slot.jobs[0];
    if (next) this.started.set(next.job.id, now);
    this.done++;
    if (!pending) return;
    if (reply.error !== undefined) pending.reject(new Error(reply.error));
    else pending.resolve(reply.result!);
  }

  /** A worker that died: its jobs fail (the callers may try again), the slot goes. */
  private fail(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    this.logger.error(`password worker failed: ${err.message}`);
    for (const p of slot.jobs.splice(0)) p.reject(err);
    void slot.worker.terminate();
  }
}
