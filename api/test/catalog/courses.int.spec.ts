import { eq } from 'drizzle-orm';
import type { CourseDetail, CourseSummary } from '@circo/shared-contracts';
import { courseClasses } from '../../src/database/schema.js';
import { createCourse, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { NOT_FOUND_ID, allKeys, get, ids, tokenFor } from './catalog-helpers.js';

const SUMMARY_KEYS = [
  '_id',
  'slug',
  'title',
  'description',
  'price',
  'image',
  'pdf',
  'video',
  'visible',
].sort();

describe('catalog: courses', () => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    userToken = await tokenFor(t, await createUser(t.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /courses/visible', () => {
    it('lists only the courses visible in the language, with hidden languages blanked', async () => {
      const everywhere = await createCourse(t.db);
      const notInEn = await createCourse(t.db, {
        visible: { es: true, en: false, fr: true },
        image: { es: '/img/es.png', en: '/img/en.png', fr: '/img/fr.png' },
        pdf: { es: '/pdf/es.pdf', en: '/pdf/en.pdf', fr: null },
        imagePublicId: { es: 'secret-es', en: 'secret-en', fr: 'secret-fr' },
      });

      const en = await get(t, '/courses/visible?lang=en').expect(200);
      expect(ids(en.body)).toContain(everywhere.id);
      expect(ids(en.body)).not.toContain(notInEn.id);

      const fr = await get(t, '/courses/visible?lang=fr').expect(200);
      const item = (fr.body as CourseSummary[]).find((c) => c._id === notInEn.id)!;
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS);
      expect(item.title).toEqual({ es: notInEn.title.es, en: '', fr: notInEn.title.fr });
      expect(item.description.en).toBe('');
      expect(item.image).toEqual({ es: '/img/es.png', en: null, fr: '/img/fr.png' });
      expect(item.pdf).toEqual({ es: '/pdf/es.pdf', en: null, fr: null });
      expect(item.visible).toEqual({ es: true, en: false, fr: true });
      expect(item.price).toBe(25);
      expect(item.slug).toBe(
        notInEn.title.fr.toLowerCase().replace(/[()]/g, '').replace(/\s+/g, '-'),
      );
      expect(JSON.stringify(fr.body)).not.toContain('secret-');
      const keys = allKeys(fr.body);
      for (const leak of ['imagePublicId', 'pdfPublicId', 'searchEs', 'createdAt'])
        expect(keys.has(leak)).toBe(false);
    });

    it('puts the newest first', async () => {
      const now = Date.now();
      const older = await createCourse(t.db, { createdAt: new Date(now + 60_000) });
      const newer = await createCourse(t.db, { createdAt: new Date(now + 120_000) });
      const res = await get(t, '/courses/visible?lang=es').expect(200);
      const list = ids(res.body);
      expect(list.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
      expect(list.indexOf(newer.id)).toBeLessThan(list.indexOf(older.id));
    });

    it('pages with limit and offset, and refuses bad values', async () => {
      await createCourse(t.db);
      await createCourse(t.db);
      const all = await get(t, '/courses/visible?lang=es&limit=200').expect(200);
      const first = await get(t, '/courses/visible?lang=es&limit=1').expect(200);
      const second = await get(t, '/courses/visible?lang=es&limit=1&offset=1').expect(200);
      expect(ids(first.body)).toEqual([all.body[0]._id]);
      expect(ids(second.body)).toEqual([all.body[1]._id]);
      for (const bad of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1', 'offset=1.5']) {
        const res = await get(t, `/courses/visible?lang=es&${bad}`).expect(400);
        expect(res.body.code).toBe('common.validation_failed');
      }
    });

    it('refuses an unknown language and defaults to Spanish', async () => {
      const res = await get(t, '/courses/visible?lang=de').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'common.validation_failed' });
      const esOnly = await createCourse(t.db, { visible: { es: true, en: false, fr: false } });
      expect(ids((await get(t, '/courses/visible').expect(200)).body)).toContain(esOnly.id);
    });
  });

  describe('GET /courses/{id}', () => {
    it('returns the course with the classes visible in the language', async () => {
      const course = await createCourse(t.db, { classes: 3, priceCents: 1999 });
      await t.db
        .update(courseClasses)
        .set({ visible: { es: true, en: false, fr: true } })
        .where(eq(courseClasses.id, course.classes[1].id));

      const en = await get(t, `/courses/${course.id}?lang=en`).expect(200);
      const body = en.body as CourseDetail;
      expect(body._id).toBe(course.id);
      expect(body.price).toBe(19.99);
      expect(body.slug).toMatch(/^course-[0-9a-f]{8}-en$/);
      expect(ids(body.classes)).toEqual([course.classes[0].id, course.classes[2].id]);
      expect(Object.keys(body.classes[0]).sort()).toEqual(['_id', 'title', 'visible']);
      expect(JSON.stringify(body)).not.toContain('Content 1');

      const es = await get(t, `/courses/${course.id}?lang=es`).expect(200);
      const hidden = (es.body as CourseDetail).classes[1];
      expect(hidden._id).toBe(course.classes[1].id);
      expect(hidden.title.en).toBe('');
      expect(hidden.visible).toEqual({ es: true, en: false, fr: true });
    });

    it('answers 403 with the available languages when the course is hidden in the language', async () => {
      const course = await createCourse(t.db, {
        visible: { es: true, en: false, fr: true },
        classes: 1,
      });
      for (const token of [undefined, userToken]) {
        const res = await get(t, `/courses/${course.id}?lang=en`, token).expect(403);
        expect(res.body).toEqual({
          statusCode: 403,
          code: 'catalog.unavailable_in_language',
          message: expect.any(String),
          data: { availableLanguages: ['es', 'fr'] },
        });
      }
    });

    it('gives an admin a hidden course with every language', async () => {
      const course = await createCourse(t.db, {
        visible: { es: false, en: false, fr: false },
        classes: 2,
      });
      const res = await get(t, `/courses/${course.id}?lang=fr`, adminToken).expect(200);
      expect(res.body.title).toEqual(course.title);
      expect(res.body.classes).toHaveLength(2);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('answers 404 for an unknown id and 400 for a malformed id or language', async () => {
      const missing = await get(t, `/courses/${NOT_FOUND_ID}?lang=es`).expect(404);
      expect(missing.body.code).toBe('courses.not_found');
      const malformed = await get(t, '/courses/not-a-uuid?lang=es').expect(400);
      expect(malformed.body.code).toBe('common.validation_failed');
      const course = await createCourse(t.db);
      await get(t, `/courses/${course.id}?lang=xx`).expect(400);
    });
  });

  describe('HTTP caching', () => {
    it('marks anonymous answers public with a weak ETag and answers 304 to a matching If-None-Match', async () => {
      const first = await get(t, '/courses/visible?lang=es').expect(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers.vary).toMatch(/authorization/i);

      const again = await get(t, '/courses/visible?lang=es').set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      await get(t, '/courses/visible?lang=es')
        .set('If-None-Match', `"other", ${etag.slice(2)}`)
        .expect(304);
      await get(t, '/courses/visible?lang=es').set('If-None-Match', '"something-else"').expect(200);

      // the body changes, so does the ETag
      await createCourse(t.db, { createdAt: new Date(Date.now() + 3_600_000) });
      await t.catalogChanged();
      const changed = await get(t, '/courses/visible?lang=es')
        .set('If-None-Match', etag)
        .expect(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('gives the same ETag to the same body and a different one per language', async () => {
      const course = await createCourse(t.db);
      const a = await get(t, `/courses/${course.id}?lang=es`).expect(200);
      const b = await get(t, `/courses/${course.id}?lang=es`).expect(200);
      const c = await get(t, `/courses/${course.id}?lang=en`).expect(200);
      expect(a.headers.etag).toBe(b.headers.etag);
      expect(c.headers.etag).not.toBe(a.headers.etag);
    });

    it('keeps answers to a valid token private; an invalid token is ignored', async () => {
      const mine = await get(t, '/courses/visible?lang=es', userToken).expect(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers.etag).toBeUndefined();
      const anon = await get(t, '/courses/visible?lang=es');
      await get(t, '/courses/visible?lang=es', userToken)
        .set('If-None-Match', anon.headers.etag)
        .expect(200);

      const stale = await get(t, '/courses/visible?lang=es', 'a.b.c').expect(200);
      expect(stale.headers['cache-control']).toBe('public, max-age=60');
    });

    it('keeps the Vary fields of CORS and compression', async () => {
      const res = await get(t, '/courses/visible?lang=es')
        .set('Origin', 'http://localhost:4200')
        .set('Accept-Encoding', 'gzip')
        .expect(200);
      const vary = String(res.headers.vary).toLowerCase().split(/,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['origin', 'authorization', 'accept-encoding']));
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    });

    it('leaves error answers uncached', async () => {
      const res = await get(t, `/courses/${NOT_FOUND_ID}?lang=es`).expect(404);
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    });
  });
});
