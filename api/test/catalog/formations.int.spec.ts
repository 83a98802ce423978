import { eq } from 'drizzle-orm';
import type { ClassSummary, FormationDetail, ModuleSummary } from '@circo/shared-contracts';
import { formationClasses, formationModules } from '../../src/database/schema.js';
import { createFormationWithModules, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { NOT_FOUND_ID, get, ids, tokenFor } from './catalog-helpers.js';

const NOT_IN_EN = { es: true, en: false, fr: true };

describe('catalog: formations, modules and their classes', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A formation visible everywhere whose module 2 and class 2 of module 1 are hidden in English. */
  async function formationWithHiddenParts() {
    const f = await createFormationWithModules(t.db, { modules: 2, classesPerModule: 2 });
    await t.db
      .update(formationModules)
      .set({ visible: NOT_IN_EN })
      .where(eq(formationModules.id, f.modules[1].id));
    await t.db
      .update(formationClasses)
      .set({ visible: NOT_IN_EN })
      .where(eq(formationClasses.id, f.modules[0].classes[1].id));
    return f;
  }

  it('GET /formations lists the formations visible in the language', async () => {
    const everywhere = await createFormationWithModules(t.db, { modules: 0 });
    const notInEn = await createFormationWithModules(t.db, { modules: 0, visible: NOT_IN_EN });
    const en = await get(t, '/formations?lang=en').expect(200);
    expect(ids(en.body)).toContain(everywhere.id);
    expect(ids(en.body)).not.toContain(notInEn.id);
    const fr = await get(t, '/formations?lang=fr').expect(200);
    const item = fr.body.find((f: { _id: string }) => f._id === notInEn.id);
    expect(item).toMatchObject({ price: 99, title: { en: '' }, visible: NOT_IN_EN });
    expect(item).not.toHaveProperty('modules');
    await get(t, '/formations?lang=it').expect(400);
  });

  it.each(['/formations', '/formations/visible'])(
    'GET %s/{id} returns the modules and classes visible in the language',
    async (base) => {
      const f = await formationWithHiddenParts();
      const en = await get(t, `${base}/${f.id}?lang=en`).expect(200);
      const body = en.body as FormationDetail;
      expect(body).toMatchObject({
        _id: f.id,
        price: 99,
        slug: expect.stringMatching(/^formation-[0-9a-f]{8}-en$/),
      });
      expect(ids(body.modules)).toEqual([f.modules[0].id]);
      expect(ids(body.modules[0].classes)).toEqual([f.modules[0].classes[0].id]);
      expect(body.modules[0]).toMatchObject({ formationId: f.id, title: f.modules[0].title });
      expect(JSON.stringify(body)).not.toContain('Content 1');

      const es = await get(t, `${base}/${f.id}?lang=es`).expect(200);
      const modules = (es.body as FormationDetail).modules;
      expect(ids(modules)).toEqual(ids(f.modules.map((m) => ({ _id: m.id }))));
      expect(modules[1].title.en).toBe('');
      expect(modules[1].visible).toEqual(NOT_IN_EN);
      // a class is visible only where its module is
      expect(modules[1].classes.every((c) => c.title.en === '' && c.visible.en === false)).toBe(
        true,
      );
      expect(modules[0].classes[1].title).toEqual({ ...f.modules[0].classes[1].title, en: '' });
    },
  );

  it.each(['/formations', '/formations/visible'])(
    'GET %s/{id}: 403 + availableLanguages, 404, 400',
    async (base) => {
      const f = await createFormationWithModules(t.db, {
        visible: { es: false, en: true, fr: false },
      });
      const hidden = await get(t, `${base}/${f.id}?lang=es`).expect(403);
      expect(hidden.body).toMatchObject({
        statusCode: 403,
        code: 'catalog.unavailable_in_language',
        data: { availableLanguages: ['en'] },
      });
      expect((await get(t, `${base}/${NOT_FOUND_ID}?lang=es`).expect(404)).body.code).toBe(
        'formations.not_found',
      );
      await get(t, `${base}/123?lang=es`).expect(400);
    },
  );

  it('gives an admin a hidden formation with all its modules and classes', async () => {
    const f = await createFormationWithModules(t.db, {
      visible: { es: false, en: false, fr: false },
    });
    const res = await get(t, `/formations/visible/${f.id}?lang=es`, adminToken).expect(200);
    const body = res.body as FormationDetail;
    expect(body.title).toEqual(f.title);
    expect(body.modules).toHaveLength(2);
    expect(body.modules.flatMap((m) => m.classes)).toHaveLength(4);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  describe('GET /modules/formation/{formationId}', () => {
    it('lists the modules with their classes, hidden ones left out, Spanish by default', async () => {
      const f = await formationWithHiddenParts();
      const en = await get(t, `/modules/formation/${f.id}?lang=en`).expect(200);
      const modules = en.body as ModuleSummary[];
      expect(ids(modules)).toEqual([f.modules[0].id]);
      expect(ids(modules[0].classes)).toEqual([f.modules[0].classes[0].id]);
      expect(Object.keys(modules[0]).sort()).toEqual([
        '_id',
        'classes',
        'description',
        'formationId',
        'title',
        'visible',
      ]);

      const es = await get(t, `/modules/formation/${f.id}`).expect(200);
      expect(es.body).toHaveLength(2);
      expect(es.headers['cache-control']).toBe('public, max-age=60');

      const admin = await get(t, `/modules/formation/${f.id}?lang=en`, adminToken).expect(200);
      expect(admin.body).toHaveLength(2);
    });

    it('answers 404 for an unknown formation and 403 when the formation is hidden in the language', async () => {
      expect((await get(t, `/modules/formation/${NOT_FOUND_ID}`).expect(404)).body.code).toBe(
        'formations.not_found',
      );
      const f = await createFormationWithModules(t.db, { visible: NOT_IN_EN });
      const res = await get(t, `/modules/formation/${f.id}?lang=en`).expect(403);
      expect(res.body.data).toEqual({ availableLanguages: ['es', 'fr'] });
      await get(t, '/modules/formation/nope').expect(400);
    });
  });

  describe('GET /classes/module/{moduleId}', () => {
    it('lists the titles of the classes visible in the language', async () => {
      const f = await formationWithHiddenParts();
      const en = await get(t, `/classes/module/${f.modules[0].id}?lang=en`).expect(200);
      const classes = en.body as ClassSummary[];
      expect(ids(classes)).toEqual([f.modules[0].classes[0].id]);
      expect(Object.keys(classes[0]).sort()).toEqual(['_id', 'title', 'visible']);
      const es = await get(t, `/classes/module/${f.modules[0].id}`).expect(200);
      expect(ids(es.body)).toEqual(f.modules[0].classes.map((c) => c.id));
    });

    it('answers 403 for a module hidden in the language (admins excepted), 404 for an unknown one', async () => {
      const f = await formationWithHiddenParts();
      const res = await get(t, `/classes/module/${f.modules[1].id}?lang=en`).expect(403);
      expect(res.body).toMatchObject({
        code: 'catalog.unavailable_in_language',
        data: { availableLanguages: ['es', 'fr'] },
      });
      const admin = await get(t, `/classes/module/${f.modules[1].id}?lang=en`, adminToken).expect(
        200,
      );
      expect(admin.body).toHaveLength(2);
      expect((await get(t, `/classes/module/${NOT_FOUND_ID}`).expect(404)).body.code).toBe(
        'modules.not_found',
      );
    });
  });
});
