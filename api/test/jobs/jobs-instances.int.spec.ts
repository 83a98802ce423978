// Two API instances on one PostgreSQL database (PGlite is one process: it cannot be shared), both
// running jobs, as behind a load balancer: every job runs exactly once, whichever instance takes
// it. Needs the PostgreSQL server at DATABASE_URL, or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), as CI provides.
import { inArray } from 'drizzle-orm';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { jobs } from '../../src/database/tables/jobs.table.js';
import { TransactionHost } from '../../src/database/transactions.js';
import { createServerDatabase, createTestApp, type TestApp } from '../support/test-app.js';

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  // both poll often, so both race for every job
  const env = { JOBS_POLL_MS: '20', JOBS_CONCURRENCY: '3' };
  a = await createTestApp({}, env, { databaseUrl: shared.url });
  b = await createTestApp({}, env, { databaseUrl: shared.url });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await shared?.drop();
});

it('runs each of 60 jobs written in one transaction exactly once across two instances', async () => {
  const runs = new Map<string, string[]>();
  for (const [name, t] of [
    ['a', a],
    ['b', b],
  ] as const) {
    t.app.get(JobsService).register('test.shared', async (_payload, job) => {
      runs.set(job.key, [...(runs.get(job.key) ?? []), name]);
      await new Promise((r) => setTimeout(r, 5));
    });
  }
  const keys = Array.from({ length: 60 }, (_, i) => `shared:${Date.now()}:${i}`);
  const service = a.app.get(JobsService);
  await a.app.get(TransactionHost).run(async () => {
    for (const key of keys) await service.enqueue('test.shared', {}, { key });
  });

  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await a.db.select().from(jobs).where(inArray(jobs.key, keys));
    if (rows.every((r) => r.status === 'done')) break;
    if (Date.now() > deadline) throw new Error('jobs still not done after 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(runs.size).toBe(60);
  const twice = [...runs.entries()].filter(([, by]) => by.length !== 1);
  expect(twice).toEqual([]);
});
