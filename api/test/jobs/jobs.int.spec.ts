// The durable jobs (common/jobs) on the store the tests run on (PGlite, or the PostgreSQL server
// at DATABASE_URL): a job lives and dies with the transaction that wrote it, a failing handler is
// retried until it succeeds, two workers never run one job, and one that keeps failing is
// dead-lettered with its error and listed in the admin's diagnostics.
import { eq } from 'drizzle-orm';
import type { JobsDiagnostics } from '@circo/shared-contracts';
import { JobsRepository } from '../../src/modules/jobs/jobs.repository.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { jobs, type JobRow } from '../../src/database/tables/jobs.table.js';
import { TransactionHost } from '../../src/database/transactions.js';
import { users } from '../../src/database/schema.js';
import { call } from '../admin/admin-helpers.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let service: JobsService;
let host: TransactionHost;
let n = 0;
/** what the `test.record` handler was given */
const recorded: string[] = [];
const key = (name: string) => `${name}:${Date.now()}:${++n}`;

beforeAll(async () => {
  // retries at once (1 ms, doubled per attempt) so a test waits for no backoff; no poll timer
  t = await createTestApp({}, { JOBS_RETRY_MS: '1', JOBS_POLL_MS: '600000' });
  service = t.app.get(JobsService);
  host = t.app.get(TransactionHost);
  service.register('test.record', (payload) => {
    recorded.push(String(payload.name));
    return Promise.resolve();
  });
});
afterAll(() => t?.close());

const rowOf = async (k: string): Promise<JobRow | undefined> =>
  (await t.db.select().from(jobs).where(eq(jobs.key, k)))[0];

/** Drains until the job `k` is done or dead (retries come due a few ms later). */
async function settle(k: string, ...workers: JobsService[]): Promise<JobRow> {
  const until = Date.now() + 20_000;
  for (;;) {
    await Promise.all((workers.length ? workers : [service]).map((w) => w.drain()));
    const row = await rowOf(k);
    if (row && (row.status === 'done' || row.status === 'dead')) return row;
    if (Date.now() > until) throw new Error(`job ${k} still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

it('runs a job written in a transaction once it commits, and never one whose transaction rolled back', async () => {
  const user = await createUser(t.db);
  const kept = key('kept');
  const dropped = key('dropped');

  await host.run(async () => {
    await host.tx.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
    await service.enqueue('test.record', { name: 'kept' }, { key: kept });
  });
  await expect(
    host.run(async () => {
      await host.tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id));
      await service.enqueue('test.record', { name: 'dropped' }, { key: dropped });
      throw new Error('the change fails after the job was written');
    }),
  ).rejects.toThrow('the change fails');

  expect((await settle(kept)).status).toBe('done');
  await service.drain();
  expect(recorded).toEqual(['kept']);
  expect(await rowOf(dropped)).toBeUndefined();
  const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
  expect(after.name).toBe('Renamed');
});

it('writes one job for one key, however often it is enqueued', async () => {
  const k = key('once');
  expect(await service.enqueue('test.record', { name: 'once' }, { key: k })).toBe(true);
  expect(await service.enqueue('test.record', { name: 'once again' }, { key: k })).toBe(false);
  const row = await settle(k);
  expect(row).toMatchObject({ status: 'done', attempts: 1, payload: {} });
  expect(recorded.filter((name) => name.startsWith('once'))).toEqual(['once']);
});

it('retries a handler that throws, and records the job done when an attempt succeeds', async () => {
  const attempts: number[] = [];
  service.register('test.flaky', (_payload, job) => {
    attempts.push(job.attempt);
    if (job.attempt < 3) return Promise.reject(new Error(`SMTP refused (attempt ${job.attempt})`));
    return Promise.resolve();
  });
  const k = key('flaky');
  await service.enqueue('test.flaky', {}, { key: k });

  const row = await settle(k);
  expect(attempts).toEqual([1, 2, 3]);
  expect(row.status).toBe('done');
  expect(row.attempts).toBe(3);
  expect(row.lastError).toContain('SMTP refused (attempt 2)');
  expect(row.finishedAt).toBeInstanceOf(Date);
  expect(row.lockedBy).toBeNull();
});

it('dead-letters a job that keeps failing, with its error, and shows it to the admin (who can retry it)', async () => {
  let fail = true;
  let calls = 0;
  service.register('test.broken', () => {
    calls++;
    return fail ? Promise.reject(new Error('mail server said 550')) : Promise.resolve();
  });
  const k = key('broken');
  await service.enqueue('test.broken', { to: 'x' }, { key: k, maxAttempts: 4 });

  const row = await settle(k);
  expect(row).toMatchObject({ status: 'dead', attempts: 4 });
  expect(row.lastError).toContain('mail server said 550');
  expect(calls).toBe(4);
  await service.drain();
  expect(calls).toBe(4); // dead is dead: not run again

  const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  const student = await tokenFor(t, await createUser(t.db));
  await call(t, student, 'get', '/admin/diagnostics/jobs').expect(403);
  const res = await call(t, admin, 'get', '/admin/diagnostics/jobs').expect(200);
  const body = res.body as JobsDiagnostics;
  expect(body.counts.dead).toBeGreaterThanOrEqual(1);
  expect(body.dead).toContainEqual(
    expect.objectContaining({
      _id: row.id,
      kind: 'test.broken',
      key: k,
      attempts: 4,
      lastError: expect.stringContaining('mail server said 550') as unknown,
    }),
  );

  // the cause fixed, the admin sends it again
  fail = false;
  await call(t, admin, 'post', `/admin/diagnostics/jobs/${row.id}/retry`).expect(200);
  expect((await settle(k)).status).toBe('done');
  expect(calls).toBe(5);
  await call(t, admin, 'post', `/admin/diagnostics/jobs/${row.id}/retry`).expect(404);
});

it('never runs one job on two workers at once, and runs every job', async () => {
  // a second worker on the same database: what another API instance runs
  const other = new JobsService(t.config, t.app.get(JobsRepository), host);
  const runs = new Map<string, number>();
  const slow = async (_payload: Record<string, unknown>, job: { key: string }) => {
    runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 2));
  };
  service.register('test.parallel', slow);
  other.register('test.parallel', slow);
  const keys = Array.from({ length: 40 }, () => key('parallel'));
  for (const k of keys) await service.enqueue('test.parallel', {}, { key: k });

  await Promise.all([service.drain(), other.drain(), service.drain(), other.drain()]);
  for (const k of keys) await settle(k, service, other);
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
  expect(runs.size).toBe(40);
  const statuses = new Set(
    (await Promise.all(keys.map(rowOf))).map((r) => r?.status).filter(Boolean),
  );
  expect(statuses).toEqual(new Set(['done']));
});

it('runs again a job whose instance died while running it, once its claim expires', async () => {
  const ran: string[] = [];
  service.register('test.orphan', (_payload, job) => {
    ran.push(job.key);
    return Promise.resolve();
  });
  const k = key('orphan');
  await service.enqueue('test.orphan', {}, { key: k, delayMs: 60_000 });
  // what a killed instance leaves: running, claimed by it, its lease over
  await t.db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: 'gone:1:abc',
      lockedUntil: new Date(Date.now() - 1000),
      attempts: 1,
    })
    .where(eq(jobs.key, k));

  const row = await settle(k);
  expect(row).toMatchObject({ status: 'done', attempts: 2 });
  expect(ran).toEqual([k]);
});

it('at shutdown lets a job in hand finish, gives back one that does not finish in time, and the next start runs it', async () => {
  // an instance whose shutdown gives its jobs half of SHUTDOWN_TIMEOUT_MS (1 s)
  const stopping = new JobsService(
    { ...t.config, shutdownTimeoutMs: 1000 },
    t.app.get(JobsRepository),
    host,
  );
  let release: () => void = () => undefined;
  const stuck = new Promise<void>((resolve) => (release = resolve));
  stopping.register('test.shutdown-quick', () => new Promise((r) => setTimeout(r, 100)));
  stopping.register('test.shutdown-stuck', () => stuck);
  const quick = key('quick');
  const slow = key('stuck');
  await stopping.enqueue('test.shutdown-quick', {}, { key: quick });
  await stopping.enqueue('test.shutdown-stuck', {}, { key: slow });
  void stopping.drain(); // claims both; never settles while the stuck one runs
  for (let i = 0; i < 300 && (await rowOf(slow))?.status !== 'running'; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  expect((await rowOf(quick))?.status).toMatch(/running|done/);

  await stopping.onModuleDestroy(); // what the app's shutdown runs before the database closes
  expect(await rowOf(quick)).toMatchObject({ status: 'done', attempts: 1 });
  expect(await rowOf(slow)).toMatchObject({
    status: 'pending',
    attempts: 0,
    lockedBy: null,
    lockedUntil: null,
  });
  release(); // the abandoned attempt ends late: it changes nothing
  await new Promise((r) => setTimeout(r, 20));
  expect((await rowOf(slow))?.status).toBe('pending');

  // the next instance runs what was given back
  const ran: string[] = [];
  service.register('test.shutdown-stuck', (_payload, job) => {
    ran.push(job.key);
    return Promise.resolve();
  });
  expect(await settle(slow)).toMatchObject({ status: 'done', attempts: 1 });
  expect(ran).toEqual([slow]);
});

it('runs a scheduled kind once per period, as each period begins', async () => {
  const periods: string[] = [];
  service.register('test.tick', (_payload, job) => {
    periods.push(job.key);
    return Promise.resolve();
  });
  const everyMs = 1_500;
  service.every('test.tick', everyMs);
  const until = Date.now() + 15_000;
  while (periods.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
  // one job per period, keyed by the period's start, each period right after the one before
  const starts = rows.map((r) => Date.parse(r.key.slice('test.tick@'.length))).sort();
  expect(starts.length).toBeGreaterThanOrEqual(3);
  expect(new Set(starts).size).toBe(starts.length);
  for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBe(everyMs);
  // each period ran once, and is marked done once its handler has returned (the worker writes
  // that just after: a period that ran a moment ago may not be marked yet)
  expect(new Set(periods).size).toBe(periods.length);
  const ticks = () => t.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
  let notDone = periods;
  for (let i = 0; i < 100 && notDone.length > 0; i++) {
    const done = (await ticks()).filter((r) => r.status === 'done').map((r) => r.key);
    notDone = periods.filter((k) => !done.includes(k));
    if (notDone.length > 0) await new Promise((r) => setTimeout(r, 50));
  }
  expect(notDone).toEqual([]);
  // and none is marked done without its handler having run
  const done = (await ticks()).filter((r) => r.status === 'done');
  expect(done.filter((r) => !periods.includes(r.key))).toEqual([]);
});

it('runs the jobs of a kind with the method marked as its handler: the daily prune deletes done jobs older than seven days', async () => {
  const day = 86_400_000;
  const [old, recent] = [key('old-done'), key('recent-done')];
  await t.db.insert(jobs).values([
    {
      kind: 'test.record',
      key: old,
      status: 'done',
      maxAttempts: 1,
      finishedAt: new Date(Date.now() - 8 * day),
    },
    {
      kind: 'test.record',
      key: recent,
      status: 'done',
      maxAttempts: 1,
      finishedAt: new Date(Date.now() - day),
    },
  ]);
  const prune = key('jobs.prune');
  await service.enqueue('jobs.prune', {}, { key: prune });

  expect(await settle(prune)).toMatchObject({ status: 'done', attempts: 1 });
  expect(await rowOf(old)).toBeUndefined();
  expect(await rowOf(recent)).toMatchObject({ status: 'done' });
});
