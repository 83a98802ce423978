// `node bench/job-queues.mjs`: our durable jobs (api/src/modules/jobs) against pg-boss 10 (the
// kept queue that still runs on Node 20; 11 and later need Node 22), on the same database kind in
// the same run. Each queue takes JOBS jobs, each written in a transaction of its own (as the
// product writes them: a receipt mail with its payment), and runs them with a handler that does
// nothing; printed: the median cost of writing one job, and the time until all have run.
// pg-boss is installed on first use into node_modules/.cache/bench-pg-boss (it is not a
// dependency of the product). On PGlite (default) pg-boss runs through its `db.executeSql`
// option; with DATABASE_URL both run on that PostgreSQL server, each in a database of its own.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pct, table } from './stats.mjs';

const JOBS = Number(process.env.JOBS ?? 300);
const PG_BOSS = 'pg-boss@10.4.2';
const root = join(import.meta.dirname, '..');
const dist = join(root, 'api/dist');
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;

/** A database of its own on the server, dropped at the end. */
async function scratchDatabase() {
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `circo_bench_jobs_${randomBytes(4).toString('hex')}`;
  const run = async (q) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function until(done, timeoutMs = 120_000) {
  const t0 = Date.now();
  while (!done()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('the jobs did not all run in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function ours() {
  const { loadConfig } = await import(join(dist, 'config/app-config.js'));
  const { createApp } = await import(join(dist, 'app.factory.js'));
  const { JobsService } = await import(join(dist, 'modules/jobs/jobs.service.js'));
  const { TransactionHost } = await import(join(dist, 'database/transactions.js'));
  const dataDir = mkdtempSync(join(tmpdir(), 'circo-bench-jobs-'));
  const scratch = await scratchDatabase();
  const app = await createApp(
    loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      JOBS_WORKER: 'true',
      ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
    }),
    { logger: false },
  );
  await app.init();
  const jobs = app.get(JobsService, { strict: false });
  const host = app.get(TransactionHost, { strict: false });
  let ran = 0;
  jobs.register('bench.noop', async () => {
    ran += 1;
  });
  const writes = [];
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const w0 = performance.now();
    await host.run(() => jobs.enqueue('bench.noop', { i }, { key: `bench-${i}` }));
    writes.push(performance.now() - w0);
  }
  await until(() => ran >= JOBS);
  const total = performance.now() - t0;
  await app.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return { writes, total };
}

function pgBossModule() {
  const dir = join(root, 'node_modules/.cache/bench-pg-boss');
  if (!existsSync(join(dir, 'node_modules/pg-boss'))) {
    mkdirSync(dir, { recursive: true });
    console.log(`installing ${PG_BOSS} into ${dir} (once)`);
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', PG_BOSS],
      {
        stdio: 'inherit',
      },
    );
  }
  return createRequire(join(dir, 'index.js'))('pg-boss');
}

async function pgBoss() {
  const PgBoss = pgBossModule();
  const scratch = await scratchDatabase();
  let close = async () => {};
  let options;
  /** pg-boss's `executeSql` on a PGlite (or transaction) handle: its migrations are scripts. */
  const executor = (q) => ({
    executeSql: async (text, values) => {
      if (!values?.length) {
        const results = await q.exec(text);
        const last = results.at(-1) ?? { rows: [] };
        return { rows: last.rows };
      }
      const r = await q.query(text, values);
      return { rows: r.rows };
    },
  });
  let pglite;
  if (scratch.url) {
    options = { connectionString: scratch.url };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    pglite = await PGlite.create();
    options = { db: executor(pglite) };
    close = () => pglite.close();
  }
  const boss = new PgBoss({ ...options, schema: 'pgboss' });
  boss.on('error', (e) => console.error('pg-boss:', e.message));
  await boss.start();
  await boss.createQueue('bench');
  let ran = 0;
  await boss.work('bench', { batchSize: 20, pollingIntervalSeconds: 0.5 }, async (batch) => {
    ran += batch.length;
  });
  const writes = [];
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const w0 = performance.now();
    if (pglite) {
      // in a transaction of the caller's, as ours are written
      await pglite.transaction((tx) =>
        boss.send('bench', { i }, { singletonKey: `bench-${i}`, db: executor(tx) }),
      );
    } else {
      await boss.send('bench', { i }, { singletonKey: `bench-${i}` });
    }
    writes.push(performance.now() - w0);
  }
  await until(() => ran >= JOBS);
  const total = performance.now() - t0;
  await boss.stop({ graceful: false, wait: true });
  await close();
  await scratch.drop();
  return { writes, total };
}

const results = [];
for (const [name, run] of [
  ['ours (jobs table, SKIP LOCKED)', ours],
  [PG_BOSS, pgBoss],
]) {
  const { writes, total } = await run();
  writes.sort((a, b) => a - b);
  results.push([name, pct(writes, 50).toFixed(2), pct(writes, 95).toFixed(2), Math.round(total)]);
}
console.log(
  `\n${JOBS} jobs, each written in its own transaction, on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`,
);
table(['queue', 'write p50 ms', 'write p95 ms', 'all run, ms'], results);
