// Two API instances on one PostgreSQL database (PGlite is one process: it cannot be shared), as
// behind a load balancer: a catalogue change made on one reaches the other's cached answers
// within the stated bound. Needs the PostgreSQL server at DATABASE_URL, or TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test), as CI provides.
import { eq } from 'drizzle-orm';
import type { CourseSummary } from '@circo/shared-contracts';
import { courses } from '../src/database/schema.js';
import { createCourse } from './support/factories.js';
import { createServerDatabase, createTestApp, type TestApp } from './support/test-app.js';
import { get } from './catalog/catalog-helpers.js';

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const POLL_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const titleOf = (list: CourseSummary[], id: string) => list.find((c) => c._id === id)?.title.es;

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  const cache = { catalogCache: { pollMs: POLL_MS, maxBytes: 64 * 1_048_576 } };
  a = await createTestApp(cache, {}, { databaseUrl: shared.url });
  b = await createTestApp(cache, {}, { databaseUrl: shared.url });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await shared?.drop();
});

const rename = (t: TestApp, id: string, es: string) =>
  t.db
    .update(courses)
    .set({ title: { es, en: `${es} en`, fr: `${es} fr` } })
    .where(eq(courses.id, id));

it('shows a change made on one instance on the other after its next version poll', async () => {
  const course = await createCourse(a.db);
  await Promise.all([a.catalogChanged(), b.catalogChanged()]);
  const path = `/courses/${course.id}?lang=es`;
  const before = await get(b, path).expect(200);
  expect(before.body.title.es).toBe(course.title.es);

  await rename(a, course.id, 'Changed on A');
  a.cache.invalidate();
  expect((await get(a, path).expect(200)).body.title.es).toBe('Changed on A');

  await b.catalogChanged(); // what B's timer does every POLL_MS
  const after = await get(b, path).set('If-None-Match', before.headers.etag).expect(200);
  expect(after.body.title.es).toBe('Changed on A');
});

it(`never serves an answer older than the bound, 2 x the poll interval (${2 * POLL_MS} ms)`, async () => {
  const course = await createCourse(a.db);
  await Promise.all([a.catalogChanged(), b.catalogChanged()]);
  const list = async () => (await get(b, '/courses/visible?lang=es').expect(200)).body;
  expect(titleOf(await list(), course.id)).toBe(course.title.es);

  await rename(a, course.id, 'Changed, then waited for');
  // B learns of it from its own timer: no call into B here. Past the bound B either has read
  // the new version or, if its reads fell behind, stopped answering from the cache.
  await sleep(2 * POLL_MS + 50);
  expect(titleOf(await list(), course.id)).toBe('Changed, then waited for');
});
