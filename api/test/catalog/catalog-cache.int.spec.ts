// The cache of public catalogue answers on one instance: hits and 304s without a database query,
// changes visible on the next request after invalidate() or after the next version poll, admins
// never served from it. Several instances: catalog-cache-instances.int.spec.ts.
import { eq, sql } from 'drizzle-orm';
import type { CourseSummary, SearchResponse } from '@circo/shared-contracts';
import { catalogVersion, courses } from '../../src/database/schema.js';
import { createCourse, createUser } from '../support/factories.js';
import { SearchIndexService } from '../../src/modules/catalogue/search/search-index.service.js';
import { countQueries } from '../support/query-counter.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { earlyCacheHits, serverCacheHits } from '../../src/modules/catalogue/cache/public-cache.js';
import { get, ids, tokenFor } from './catalog-helpers.js';

const titleOf = (list: CourseSummary[], id: string) => list.find((c) => c._id === id)?.title.es;

describe('catalog cache (one instance)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // no poll during the tests: every refresh below is explicit, so query counts are exact
    // no job worker either: its schedules (the payment reconciler every 30 s) add queries
    t = await createTestApp(
      {
        catalogCache: { pollMs: 3_600_000, maxBytes: 64 * 1_048_576 },
        accountCache: { pollMs: 3_600_000, maxEntries: 100_000 },
      },
      { JOBS_WORKER: 'false' },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const rename = (id: string, es: string) =>
    t.db
      .update(courses)
      .set({ title: { es, en: `${es} en`, fr: `${es} fr` } })
      .where(eq(courses.id, id));

  it('answers a repeated request and a revalidation (304) without any database query', async () => {
    const course = await createCourse(t.db);
    await t.catalogChanged();
    const paths = [
      '/courses/visible?lang=es',
      `/courses/${course.id}?lang=es`,
      '/search?q=course&lang=es',
      '/discounts/activos',
      '/content?lang=es',
    ];
    for (const path of paths) {
      const first = await get(t, path).expect(200);
      // a first search builds the search index in the background: not what is counted here
      await t.app.get(SearchIndexService).settled();
      const queries = countQueries(t.db);
      try {
        const again = await get(t, path).expect(200);
        expect(again.text).toBe(first.text);
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.headers['cache-control']).toBe('public, max-age=60');
        const revalidated = await get(t, path).set('If-None-Match', first.headers.etag).expect(304);
        expect(revalidated.text ?? '').toBe('');
        expect(revalidated.headers.etag).toBe(first.headers.etag);
        expect(queries.count).toBe(0);
      } finally {
        queries.stop();
      }
    }
  });

  it('serves the same headers from the cache as on the first answer', async () => {
    const course = await createCourse(t.db);
    await t.catalogChanged();
    const path = `/courses/${course.id}?lang=en`;
    const first = await get(t, path).set('Origin', 'http://localhost:4200').expect(200);
    const cached = await get(t, path).set('Origin', 'http://localhost:4200').expect(200);
    for (const h of [
      'content-type',
      'cache-control',
      'etag',
      'vary',
      'access-control-allow-origin',
      'x-content-type-options',
      'strict-transport-security',
    ]) {
      expect([h, cached.headers[h]]).toEqual([h, first.headers[h]]);
    }
  });

  it('answers a hit before Nest with the same status, headers and body as the path through Nest', async () => {
    for (let i = 0; i < 12; i++) await createCourse(t.db); // a list over the compression threshold
    const course = await createCourse(t.db);
    await t.catalogChanged();
    const fastify = t.app.getHttpAdapter().getInstance();
    const paths = [
      '/courses/visible?lang=es',
      `/courses/${course.id}?lang=fr`,
      '/search?q=course&lang=en',
      '/content?lang=es',
    ];
    const variants: Array<Record<string, string>> = [
      {},
      { Origin: 'http://localhost:4200' },
      { Origin: 'https://elsewhere.example' },
      { 'Accept-Encoding': 'gzip' },
      { 'Accept-Encoding': 'br', Origin: 'http://localhost:4201' },
    ];
    const send = (path: string, headers: Record<string, string>) => {
      const req = get(t, path);
      for (const [name, value] of Object.entries(headers)) void req.set(name, value);
      return req.buffer(true);
    };
    const comparable = (res: { status: number; headers: Record<string, string>; text: string }) => {
      const { date: _date, ...headers } = res.headers;
      return { status: res.status, headers, text: res.text };
    };
    // the first hit after a start goes through Nest's hooks (the early path learns from it)
    await get(t, paths[0]).expect(200);
    await get(t, paths[0]).expect(200);
    for (const path of paths) {
      for (const headers of variants) {
        t.cache.invalidate();
        const throughNest = await send(path, headers).expect(200);
        const earlyBefore = earlyCacheHits(fastify);
        const early = await send(path, headers).expect(200);
        expect(earlyCacheHits(fastify)).toBe(earlyBefore + 1);
        expect([path, headers, comparable(early)]).toEqual([
          path,
          headers,
          comparable(throughNest),
        ]);
        // the next one: answered by the Node server itself when it has no Origin (CORS is Fastify's)
        const serverBefore = serverCacheHits(fastify);
        const atServer = await send(path, headers).expect(200);
        expect(serverCacheHits(fastify)).toBe(serverBefore + (headers.Origin ? 0 : 1));
        expect([path, headers, comparable(atServer)]).toEqual([
          path,
          headers,
          comparable(throughNest),
        ]);

        // a revalidation: the 304 of the path through Nest, then the early one
        const etag = { ...headers, 'If-None-Match': throughNest.headers.etag };
        t.cache.invalidate();
        const notModified = await send(path, etag).expect(304);
        const early304 = await send(path, etag).expect(304);
        expect(earlyCacheHits(fastify)).toBe(earlyBefore + 3);
        expect([path, etag, comparable(early304)]).toEqual([path, etag, comparable(notModified)]);
        const server304 = await send(path, etag).expect(304);
        expect(serverCacheHits(fastify)).toBe(serverBefore + (headers.Origin ? 0 : 2));
        expect([path, etag, comparable(server304)]).toEqual([path, etag, comparable(notModified)]);
      }
    }
  });

  it('leaves to Nest what the cache cannot answer: bad ids and languages, callers with a token', async () => {
    const course = await createCourse(t.db);
    await t.catalogChanged();
    const fastify = t.app.getHttpAdapter().getInstance();
    await get(t, `/courses/${course.id}?lang=es`).expect(200);
    await get(t, `/courses/${course.id}?lang=es`).expect(200);
    const before = earlyCacheHits(fastify);
    for (let i = 0; i < 2; i++) {
      await get(t, '/courses/not-a-uuid?lang=es').expect(400);
      await get(t, `/courses/${course.id}?lang=xx`).expect(400);
      await get(t, `/courses/${course.id}?lang=es&unknown=1`).expect(400);
    }
    const user = await tokenFor(t, await createUser(t.db));
    const asUser = await get(t, `/courses/${course.id}?lang=es`, user).expect(200);
    expect(asUser.headers['cache-control']).toBe('private, no-store');
    expect(asUser.headers.etag).toBeUndefined();
    expect(earlyCacheHits(fastify)).toBe(before);
  });

  it('sends a compressed copy to a client that takes gzip or br, made once', async () => {
    for (let i = 0; i < 20; i++) await createCourse(t.db);
    await t.catalogChanged();
    const plain = await get(t, '/courses/visible?lang=fr').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['gzip', 'br']) {
      const res = await get(t, '/courses/visible?lang=fr').set('Accept-Encoding', encoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toEqual(plain.body);
    }
  });

  it('shows a change made through the service on the very next request (invalidate)', async () => {
    const course = await createCourse(t.db);
    await t.catalogChanged();
    const before = await get(t, '/courses/visible?lang=es').expect(200);
    expect(titleOf(before.body, course.id)).toBe(course.title.es);

    await rename(course.id, 'Renamed at once');
    t.cache.invalidate(); // what an admin write calls once it has committed
    const after = await get(t, '/courses/visible?lang=es')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(titleOf(after.body, course.id)).toBe('Renamed at once');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const detail = await get(t, `/courses/${course.id}?lang=es`).expect(200);
    expect(detail.body.title.es).toBe('Renamed at once');
  });

  it('shows a change written straight into the database after the next version poll', async () => {
    const course = await createCourse(t.db);
    await t.catalogChanged();
    const term = `zq${course.id.slice(0, 6)}`;
    const empty = await get(t, `/search?q=${term}&lang=es`).expect(200);
    expect((empty.body as SearchResponse).courses).toEqual([]);
    const version = async () =>
      (await t.db.select().from(catalogVersion).where(eq(catalogVersion.id, 1)))[0].version;
    const v0 = await version();

    // no invalidate(): the statement trigger bumps the catalogue version in the same transaction
    await rename(course.id, `Now ${term}`);
    expect(await version()).toBeGreaterThan(v0);
    // until the poll this instance may still answer from the cache...
    expect((await get(t, `/search?q=${term}&lang=es`).expect(200)).body.courses).toEqual([]);
    // ...and after it, the change is there
    await t.catalogChanged();
    const found = (await get(t, `/search?q=${term}&lang=es`).expect(200)).body as SearchResponse;
    expect(ids(found.courses)).toEqual([course.id]);
  });

  it('bumps the catalogue version on every catalogue table, not on others', async () => {
    const version = async () =>
      Number(
        (
          (await t.db.execute(sql`select version from catalog_version`)) as unknown as {
            rows: Array<{ version: string | number }>;
          }
        ).rows[0].version,
      );
    const v0 = await version();
    await createUser(t.db);
    expect(await version()).toBe(v0);
    await createCourse(t.db, { classes: 1 });
    expect(await version()).toBe(v0 + 2); // the course, then its class
  });

  it('never serves an admin from the cache, nor caches what an admin sees', async () => {
    const esOnly = await createCourse(t.db, { visible: { es: true, en: false, fr: false } });
    await t.catalogChanged();
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const user = await tokenFor(t, await createUser(t.db));
    const item = (body: CourseSummary[]) => body.find((c) => c._id === esOnly.id);

    // the admin asks first: every language's text, kept private and out of the cache
    const asAdmin = await get(t, '/courses/visible?lang=es', admin).expect(200);
    expect(item(asAdmin.body)?.title.en).toBe(esOnly.title.en);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    const anon = await get(t, '/courses/visible?lang=es').expect(200);
    expect(item(anon.body)?.title.en).toBe('');
    expect((await get(t, '/courses/visible?lang=es', admin).expect(200)).body).toEqual(
      asAdmin.body,
    );
    // a logged-in student gets the public body, kept private
    const asUser = await get(t, '/courses/visible?lang=es', user).expect(200);
    expect(asUser.body).toEqual(anon.body);
    expect(asUser.headers['cache-control']).toBe('private, no-store');
    expect(asUser.headers.etag).toBeUndefined();
    // an admin gets a course hidden in the language; the public 403 is not replaced by it
    const hidden = await createCourse(t.db, { visible: { es: false, en: true, fr: true } });
    await t.catalogChanged();
    await get(t, `/courses/${hidden.id}?lang=es`, admin).expect(200);
    await get(t, `/courses/${hidden.id}?lang=es`).expect(403);
  });

  it('keeps errors out of the cache', async () => {
    const course = await createCourse(t.db, { visible: { es: true, en: false, fr: false } });
    await t.catalogChanged();
    await get(t, `/courses/${course.id}?lang=en`).expect(403);
    await t.db
      .update(courses)
      .set({ visible: { es: true, en: true, fr: false } })
      .where(eq(courses.id, course.id));
    await t.catalogChanged();
    await get(t, `/courses/${course.id}?lang=en`).expect(200);
    await get(t, '/courses/visible?lang=es&limit=0').expect(400);
    await get(t, '/courses/visible?lang=es&limit=0').expect(400);
  });
});
