import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { Logger } from '@nestjs/common';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { createPglite } from './pglite-options.js';
import { PgliteWorkerClient } from './pglite-worker-client.js';
import * as schema from './schema.js';

export { schema };

/** Nest injection token of the Drizzle database: `constructor(@Inject(DB) private readonly db: Database)`. */
export const DB = Symbol('DB');
/** Nest injection token of the DatabaseHandle (driver, exclusive, close); rarely needed. */
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/**
 * The Drizzle database, typed with the whole schema. The same type serves both drivers (PGlite
 * and node-postgres): queries, `db.query.*` and `db.transaction(...)` work the same on both.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (what `db.transaction(async (tx) => ...)` passes in). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories can accept both. */
export type DatabaseOrTransaction = Database | Transaction;

export type DatabaseDriver = 'pglite' | 'pg';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /**
   * Runs `fn` alone: on a PostgreSQL server under a session advisory lock (several API instances
   * starting together migrate and seed once); on PGlite (one process) directly.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Closes the connection (idempotent). */
  close(): Promise<void>;
  /** The PostgreSQL pool's size and how long requests waited for a connection (null on PGlite). */
  poolStats(): PoolStats | null;
}

/** What the pool lent lately: connections and the wait for one (`GET /admin/diagnostics/runtime`). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** requests waiting for a connection now */
  waiting: number;
  /** connections lent since the start */
  acquired: number;
  /** of those, lent after a wait of 1 ms or more */
  waited: number;
  /** the wait for a connection since the start, ms (0.1 ms steps below 10 ms, then 1 ms) */
  waitMs: { p50: number; p95: number; p99: number; max: number };
}

/**
 * Every wait since the start, in buckets (0.1 ms below 10 ms, 1 ms up to 30 s), for their
 * percentiles over a whole load run at a fixed 120 KB.
 */
class WaitHistogram {
  private readonly buckets = new Uint32Array(100 + 30_000);
  private n = 0;
  private max = 0;
  add(ms: number): void {
    const i =
      ms < 10 ? Math.floor(ms * 10) : Math.min(100 + Math.floor(ms), this.buckets.length - 1);
    this.buckets[i]++;
    this.n++;
    this.max = Math.max(this.max, ms);
  }
  percentiles(): PoolStats['waitMs'] {
    const at = (p: number) => {
      const rank = Math.ceil(p * this.n);
      let seen = 0;
      for (let i = 0; i < this.buckets.length; i++) {
        seen += this.buckets[i];
        if (seen >= rank && seen > 0) return i < 100 ? i / 10 : i - 100;
      }
      return 0;
    };
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(this.max * 10) / 10 };
  }
}

export type DatabaseConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl'> &
  Partial<Pick<AppConfig, 'dbPool' | 'pgliteWorker'>>;

/** The pool settings when the configuration names none (scripts, tests). */
export const DEFAULT_POOL: AppConfig['dbPool'] = {
  max: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
};

/**
 * api/drizzle, the checked-in SQL migrations. This file sits at src/database/ (jest, tsx) and at
 * dist/database/ (after tsc), both two levels below api/, so one relative URL serves both.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The PGlite data directory used when no DATABASE_URL is set. */
export const pgliteDataDir = (dataDir: string): string => join(dataDir, 'db');

// any 64-bit number, the same for every instance of this app
const MIGRATION_LOCK_KEY = 731_942_024;

/** Opens the database (PGlite under `$DATA_DIR/db`, or the server at `databaseUrl`) and migrates it. */
export async function openDatabase(
  config: DatabaseConfig,
  opts: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openServer(config.databaseUrl, config.dbPool ?? DEFAULT_POOL)
    : await openPglite(config.dataDir, config.pgliteWorker ?? true);
  if (opts.migrate !== false) {
    try {
      await handle.exclusive(() => runMigrations(handle));
    } catch (err) {
      await handle.close();
      throw err;
    }
  }
  return handle;
}

/** Applies the pending migrations of api/drizzle (a no-op when the database is up to date). */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  if (!existsSync(join(migrationsFolder, 'meta', '_journal.json'))) {
    throw new Error(`Database migrations not found in ${migrationsFolder}`);
  }
  const config = { migrationsFolder };
  // the migrators are typed per driver; the handle's db is the one that driver made
  if (handle.driver === 'pglite') await migratePglite(handle.db as never, config);
  else await migratePg(handle.db as never, config);
}

/**
 * PGlite under `$DATA_DIR/db`: in a worker thread (`inWorker`, PGLITE_WORKER), where its queries
 * run beside the event loop instead of blocking it, or on this thread. Drizzle gets the same
 * client interface either way; the pid lock is the process's, taken here.
 */
async function openPglite(dataDir: string, inWorker: boolean): Promise<DatabaseHandle> {
  const dir = pgliteDataDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockPgliteDir(dir);
  let client: PGlite | PgliteWorkerClient;
  try {
    client = inWorker
      ? await PgliteWorkerClient.create(dir, (err) =>
          new Logger('Database').error(`${err.message}: every query now fails (503)`),
        )
      : await createPglite(dir);
  } catch (err) {
    releaseLock();
    throw err;
  }
  // the worker client has what Drizzle's pglite driver calls of a PGlite (not all of PGlite)
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    exclusive: (fn) => fn(),
    poolStats: () => null,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * PGlite is a single-process database and, unlike a server, leaves no postmaster.pid: two
 * processes on one data dir (the API and `npm run seed`) would corrupt it. A pid file refuses that;
 * a pid file of a process that no longer runs is taken over.
 */
function lockPgliteDir(dir: string): () => void {
  const file = join(dir, 'circo.pid');
  const mine = String(process.pid);
  if (existsSync(file)) {
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (owner && owner !== process.pid && isRunning(owner)) {
      throw new Error(
        `The database in ${dir} is in use by process ${owner} (a running API or seed). ` +
          'Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.',
      );
    }
  }
  writeFileSync(file, mine);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** Whether `pid` is a running Node process (a reused pid of another program does not count). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS): trust the signal check
  }
}

async function openServer(url: string, opts: AppConfig['dbPool']): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max,
    // a request waits this long at most for a connection (server away, or pool exhausted), then
    // fails with 503; a statement running longer is cancelled by the server (57014, also 503)
    connectionTimeoutMillis: opts.connectTimeoutMs,
    statement_timeout: opts.statementTimeoutMs,
    // a transaction left open by a lost client must not hold its row locks for ever
    idle_in_transaction_session_timeout: Math.max(opts.statementTimeoutMs * 2, 60_000),
    // notice a server that vanished without closing the connection
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // an idle client losing its connection (server restart, pg_terminate_backend) must not crash
  // the process: the pool drops it and opens a new one for the next query
  pool.on('error', () => undefined);
  // ...and so must a client in use (a transaction between two statements) whose connection is
  // terminated: without a listener of its own its 'error' event would end the process. Its next
  // statement fails (503) and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // how long each loan waited (pool.query borrows through connect too): the pool's queue
  let acquired = 0;
  let waited = 0;
  const waits = new WaitHistogram();
  const lend = pool.connect.bind(pool) as (cb?: (...a: unknown[]) => void) => unknown;
  const timed = (since: number) => {
    const ms = performance.now() - since;
    acquired++;
    if (ms >= 1) waited++;
    waits.add(ms);
  };
  (pool as unknown as { connect: typeof lend }).connect = (cb) => {
    const since = performance.now();
    if (cb) {
      return lend((...a: unknown[]) => {
        timed(since);
        cb(...a);
      });
    }
    return (lend() as Promise<pg.PoolClient>).then((client) => {
      timed(since);
      return client;
    });
  };
  // fail fast with a clear message when the server is unreachable
  const probe = await pool.connect().catch(async (err: unknown) => {
    await pool.end();
    throw new Error(`Cannot connect to DATABASE_URL (${redact(url)}): ${(err as Error).message}`);
  });
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'pg',
    poolStats: () => ({
      max: opts.max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      acquired,
      waited,
      waitMs: waits.percentiles(),
    }),
    async exclusive(fn) {
      const lockClient = await pool.connect();
      try {
        // another instance may be migrating: wait for it without the statement timeout
        await lockClient.query('set statement_timeout = 0');
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        await lockClient.query('reset statement_timeout').catch(() => undefined);
        lockClient.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
