import { eq } from 'drizzle-orm';
import type { ClassDetail } from '@circo/shared-contracts';
import { classMedia, courseClasses } from '../../src/database/schema.js';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { NOT_FOUND_ID, allKeys, get, tokenFor } from './catalog-helpers.js';

const PRIVATE_URL = 'https://private.example/secret-video';
const PUBLIC_ID = 'private/secret-pdf-public-id';

describe('catalog: GET /classes/{id} (class content)', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A course whose first class has a PDF (es, en) and a video (es only), and a user token. */
  async function courseWithMedia() {
    const course = await createCourse(t.db, { classes: 2 });
    const cls = course.classes[0];
    await t.db.insert(classMedia).values([
      {
        ownerKind: 'course_class',
        courseClassId: cls.id,
        kind: 'video',
        position: 0,
        url: { es: PRIVATE_URL, en: null, fr: null },
        title: { es: 'Vídeo', en: 'Video', fr: 'Vidéo' },
        description: { es: 'd-es', en: 'd-en', fr: 'd-fr' },
      },
      {
        ownerKind: 'course_class',
        courseClassId: cls.id,
        kind: 'pdf',
        position: 0,
        url: { es: `${PRIVATE_URL}.pdf`, en: `${PRIVATE_URL}-en.pdf`, fr: null },
        publicId: { es: PUBLIC_ID, en: PUBLIC_ID, fr: null },
        title: { es: 'Ficha', en: 'Sheet', fr: 'Fiche' },
      },
    ]);
    const buyer = await createUser(t.db);
    return { course, cls, buyer, token: await tokenFor(t, buyer) };
  }

  it('answers 403 classes.purchase_required to anonymous callers and to users without a purchase', async () => {
    const { cls } = await courseWithMedia();
    const anon = await get(t, `/classes/${cls.id}?lang=es`).expect(403);
    expect(anon.body).toMatchObject({ statusCode: 403, code: 'classes.purchase_required' });
    expect(JSON.stringify(anon.body)).not.toContain('Content 1');
    const stranger = await tokenFor(t, await createUser(t.db));
    expect((await get(t, `/classes/${cls.id}?lang=es`, stranger).expect(403)).body.code).toBe(
      'classes.purchase_required',
    );
  });

  it('gives a buyer with an active purchase the full class, without media URLs or public ids', async () => {
    const { course, cls, buyer, token } = await courseWithMedia();
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    const res = await get(t, `/classes/${cls.id}?lang=en`, token).expect(200);
    const body = res.body as ClassDetail;
    expect(body).toMatchObject({
      _id: cls.id,
      course: course.id,
      title: cls.title,
      content: cls.content,
      subtitle: { es: '', en: '', fr: '' },
      visible: { es: true, en: true, fr: true },
    });
    expect(body.pdfs).toEqual([
      {
        _id: expect.any(String),
        title: { es: 'Ficha', en: 'Sheet', fr: 'Fiche' },
        description: { es: '', en: '', fr: '' },
        hasFile: { es: true, en: true, fr: false },
      },
    ]);
    expect(body.videos).toHaveLength(1);
    expect(body.videos[0]).toMatchObject({
      title: { en: 'Video' },
      hasFile: { es: true, en: false, fr: false },
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(PRIVATE_URL);
    expect(text).not.toContain(PUBLIC_ID);
    expect(allKeys(body).has('url')).toBe(false);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('refuses a buyer whose purchase has expired', async () => {
    const { course, cls, buyer, token } = await courseWithMedia();
    await createPurchase(t.db, {
      userId: buyer.id,
      itemType: 'course',
      itemId: course.id,
      expired: true,
    });
    expect((await get(t, `/classes/${cls.id}?lang=es`, token).expect(403)).body.code).toBe(
      'classes.purchase_required',
    );
  });

  it('does not accept a purchase of another item', async () => {
    const { cls, buyer, token } = await courseWithMedia();
    const other = await createCourse(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: other.id });
    await get(t, `/classes/${cls.id}?lang=es`, token).expect(403);
  });

  it('answers 403 unavailable_in_language for a class hidden in the language, hidden texts blanked elsewhere', async () => {
    const { course, cls, buyer, token } = await courseWithMedia();
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    await t.db
      .update(courseClasses)
      .set({ visible: { es: true, en: false, fr: true } })
      .where(eq(courseClasses.id, cls.id));
    const hidden = await get(t, `/classes/${cls.id}?lang=en`, token).expect(403);
    expect(hidden.body).toMatchObject({
      code: 'catalog.unavailable_in_language',
      data: { availableLanguages: ['es', 'fr'] },
    });
    const es = await get(t, `/classes/${cls.id}?lang=es`, token).expect(200);
    expect(es.body.title.en).toBe('');
    expect(es.body.content.en).toBe('');
    expect(es.body.pdfs[0]).toMatchObject({ title: { en: '' }, hasFile: { en: false } });
  });

  it('lets an admin read any class, even hidden, with every language', async () => {
    const course = await createCourse(t.db, {
      classes: 1,
      visible: { es: false, en: false, fr: false },
    });
    const res = await get(t, `/classes/${course.classes[0].id}?lang=fr`, adminToken).expect(200);
    expect(res.body.content).toEqual(course.classes[0].content);
  });

  it('serves formation classes to buyers of the formation only', async () => {
    const f = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
    const cls = f.modules[0].classes[0];
    const buyer = await createUser(t.db);
    const token = await tokenFor(t, buyer);
    await get(t, `/classes/${cls.id}?lang=es`, token).expect(403);

    // a grant must name a real item of its type: a "course" with the formation's id is refused
    await expect(
      createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: f.id }),
    ).rejects.toThrow(/access_grants/);
    await get(t, `/classes/${cls.id}?lang=es`, token).expect(403);

    await createPurchase(t.db, { userId: buyer.id, itemType: 'formation', itemId: f.id });
    const res = await get(t, `/classes/${cls.id}?lang=es`, token).expect(200);
    expect(res.body).toMatchObject({
      _id: cls.id,
      moduleId: f.modules[0].id,
      formationId: f.id,
      content: cls.content,
      pdfs: [],
      videos: [],
    });
    expect(res.body).not.toHaveProperty('course');
  });

  it('answers 404 for an unknown class and 400 for a malformed id or language', async () => {
    expect(
      (await get(t, `/classes/${NOT_FOUND_ID}?lang=es`, adminToken).expect(404)).body.code,
    ).toBe('classes.not_found');
    expect((await get(t, `/classes/${NOT_FOUND_ID}?lang=es`).expect(404)).body.code).toBe(
      'classes.not_found',
    );
    await get(t, '/classes/xyz?lang=es').expect(400);
    await get(t, `/classes/${NOT_FOUND_ID}?lang=pt`).expect(400);
  });
});
