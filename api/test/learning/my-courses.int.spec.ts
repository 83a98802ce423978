import type { MyFormationResponse, MyItemsResponse } from '@circo/shared-contracts';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';

const DAY = 86_400_000;

describe('learning: My Courses and the viewers data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a student purchases with expiry, expired ones flagged, hidden languages blanked', async () => {
    const student = await createUser(t.db);
    const active = await createFormationWithModules(t.db);
    const expired = await createCourse(t.db, { classes: 1 });
    const hiddenInEn = await createCourse(t.db, { visible: { es: true, en: false, fr: true } });
    await createCourse(t.db); // not bought
    const soon = new Date(Date.now() + 5 * DAY);
    await createPurchase(t.db, { userId: student.id, itemType: 'formation', itemId: active.id });
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: expired.id,
      expired: true,
    });
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: hiddenInEn.id,
      expiresAt: soon,
    });
    const res = await get(t, '/learning/my-items?lang=en', await tokenFor(t, student)).expect(200);
    const body = res.body as MyItemsResponse;
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(body.admin).toBe(false);
    expect(body.formations.map((f) => [f._id, f.expired])).toEqual([[active.id, false]]);
    expect(body.courses.map((c) => c._id).sort()).toEqual([expired.id, hiddenInEn.id].sort());
    const hidden = body.courses.find((c) => c._id === hiddenInEn.id)!;
    expect(hidden).toMatchObject({
      type: 'course',
      expired: false,
      expiresAt: soon.toISOString(),
      visible: { es: true, en: false, fr: true },
    });
    expect(hidden.title.en).toBe('');
    expect(hidden.title.es).toBe(hiddenInEn.title.es);
    expect(body.courses.find((c) => c._id === expired.id)!.expired).toBe(true);
  });

  it('gives an admin every item visible in the language, with no expiry', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const shown = await createCourse(t.db);
    const hidden = await createCourse(t.db, { visible: { es: true, en: false, fr: true } });
    const res = await get(t, '/learning/my-items?lang=en', await tokenFor(t, admin)).expect(200);
    const body = res.body as MyItemsResponse;
    expect(body.admin).toBe(true);
    const ids = body.courses.map((c) => c._id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(body.courses.every((c) => c.expiresAt === null && !c.expired)).toBe(true);
  });

  it('gives a buyer the formation with its visible modules and classes; refuses the others', async () => {
    const formation = await createFormationWithModules(t.db, { modules: 2, classesPerModule: 2 });
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'formation', itemId: formation.id });
    const path = `/learning/formations/${formation.id}?lang=es`;
    const res = await get(t, path, await tokenFor(t, buyer)).expect(200);
    const body = res.body as MyFormationResponse;
    expect(body.formation).toMatchObject({ _id: formation.id, expired: false });
    expect(body.modules.map((m) => m.classes.length)).toEqual([2, 2]);
    expect(body.completed).toEqual([]);

    await get(t, path).expect(401);
    const stranger = await tokenFor(t, await createUser(t.db));
    expect((await get(t, path, stranger).expect(403)).body.code).toBe('learning.purchase_required');
    const late = await createUser(t.db);
    await createPurchase(t.db, {
      userId: late.id,
      itemType: 'formation',
      itemId: formation.id,
      expired: true,
    });
    expect((await get(t, path, await tokenFor(t, late)).expect(403)).body.code).toBe(
      'learning.access_expired',
    );
    expect(
      (await get(t, `/learning/formations/nope?lang=es`, stranger).expect(400)).body.code,
    ).toBe('common.validation_failed');
    expect((await get(t, `/learning/my-items?lang=de`, stranger).expect(400)).body.code).toBe(
      'common.validation_failed',
    );
  });

  it('refuses a formation hidden in the language with the languages where it is available', async () => {
    const formation = await createFormationWithModules(t.db, {
      visible: { es: true, en: false, fr: true },
    });
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'formation', itemId: formation.id });
    const res = await get(
      t,
      `/learning/formations/${formation.id}?lang=en`,
      await tokenFor(t, buyer),
    ).expect(403);
    expect(res.body).toMatchObject({
      code: 'catalog.unavailable_in_language',
      data: { availableLanguages: ['es', 'fr'] },
    });
  });

  it('gives a buyer the course with its classes and what was marked done', async () => {
    const course = await createCourse(t.db, { classes: 3 });
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    const token = await tokenFor(t, buyer);
    const res = await get(t, `/learning/courses/${course.id}?lang=fr`, token).expect(200);
    expect(res.body.classes).toHaveLength(3);
    expect(res.body.course).toMatchObject({ _id: course.id, type: 'course' });
  });
});
