import type { AdminPlan, PublicPlan } from '@circo/shared-contracts';
import { createCourse, createFormationWithModules, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { call } from '../admin/admin-helpers.js';
import { get, NOT_FOUND_ID, text, tokenFor } from '../catalog/catalog-helpers.js';

const planBody = (over: Record<string, unknown> = {}) => ({
  name: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
  description: { es: 'Cada curso y formación', en: 'Every course and training', fr: '' },
  price: 19,
  interval: 'month',
  includes: 'all',
  active: true,
  ...over,
});

describe('membership plans', () => {
  let t: TestApp;
  let admin: string;
  let student: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    student = await tokenFor(t, await createUser(t.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the admin creates a plan that opens everything; visitors see it in their language', async () => {
    const res = await call(t, admin, 'post', '/admin/plans', planBody()).expect(201);
    const plan = res.body as AdminPlan;
    expect(plan).toMatchObject({
      name: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
      price: 19,
      interval: 'month',
      includes: 'all',
      active: true,
      subscribers: 0,
    });
    const en = (await get(t, '/plans?lang=en').expect(200)).body as PublicPlan[];
    const shown = en.find((p) => p._id === plan._id);
    expect(shown).toEqual({
      _id: plan._id,
      name: 'All the circus',
      description: 'Every course and training',
      price: 19,
      interval: 'month',
      includesAll: true,
      items: [],
    });
    // a language without a description falls back to Spanish
    const fr = (await get(t, '/plans?lang=fr').expect(200)).body as PublicPlan[];
    expect(fr.find((p) => p._id === plan._id)?.description).toBe('Cada curso y formación');
  });

  it('a plan of chosen items lists them with their titles, in the admin order', async () => {
    const course = await createCourse(t.db, { title: text('Telas', 'Silks', 'Tissu') });
    const formation = await createFormationWithModules(t.db, {
      modules: 0,
      title: text('Instructores', 'Instructors', 'Instructeurs'),
    });
    const res = await call(
      t,
      admin,
      'post',
      '/admin/plans',
      planBody({
        name: text('Aéreos'),
        price: '190.5',
        interval: 'year',
        includes: [
          { itemType: 'formation', itemId: formation.id.toUpperCase() },
          { itemType: 'course', itemId: course.id },
        ],
      }),
    ).expect(201);
    expect((res.body as AdminPlan).includes).toEqual([
      { itemType: 'formation', itemId: formation.id },
      { itemType: 'course', itemId: course.id },
    ]);
    const plans = (await get(t, '/plans?lang=en').expect(200)).body as PublicPlan[];
    expect(plans.find((p) => p._id === res.body._id)).toMatchObject({
      price: 190.5,
      interval: 'year',
      includesAll: false,
      items: [
        { itemType: 'formation', itemId: formation.id, title: 'Instructors' },
        { itemType: 'course', itemId: course.id, title: 'Silks' },
      ],
    });
  });

  it.each([
    [{ price: 0 }, 'price', 'El precio debe ser un número mayor a cero'],
    [{ price: -3 }, 'price', 'El precio debe ser un número mayor a cero'],
    [{ price: 'abc' }, 'price', 'El precio debe ser un número mayor a cero'],
    [{ name: { en: 'Only English' } }, 'name.es', 'El nombre en español es obligatorio'],
    [{ includes: [] }, 'includes', 'Elige al menos un curso o formación, o todo el catálogo'],
  ])('refuses %j with a 400 naming the field', async (over, field, message) => {
    const res = await call(t, admin, 'post', '/admin/plans', planBody(over)).expect(400);
    expect(res.body).toMatchObject({ code: 'common.validation_failed', message });
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it.each([
    [{ interval: 'week' }],
    [{ includes: 'some' }],
    [{ includes: [{ itemType: 'class', itemId: NOT_FOUND_ID }] }],
    [{ includes: [{ itemType: 'course', itemId: NOT_FOUND_ID, extra: 1 }] }],
    [{ active: 'yes' }],
    [{ name: 'Plano' }],
  ])('refuses a malformed body %j with 400', async (over) => {
    const res = await call(t, admin, 'post', '/admin/plans', planBody(over)).expect(400);
    expect(res.body.code).toBe('common.validation_failed');
  });

  it('refuses a course that does not exist', async () => {
    const res = await call(
      t,
      admin,
      'post',
      '/admin/plans',
      planBody({ includes: [{ itemType: 'course', itemId: NOT_FOUND_ID }] }),
    ).expect(400);
    expect(res.body).toMatchObject({
      code: 'plans.item_not_found',
      errors: [{ field: 'includes.0', code: 'plans.item_not_found' }],
    });
  });

  it('a withdrawn plan leaves the public list; PUT changes it and DELETE removes it', async () => {
    const { body: plan } = await call(t, admin, 'post', '/admin/plans', planBody()).expect(201);
    await call(t, admin, 'put', `/admin/plans/${plan._id}`, planBody({ active: false, price: 25 }))
      .expect(200)
      .expect((res) => expect(res.body).toMatchObject({ active: false, price: 25 }));
    const visible = (await get(t, '/plans').expect(200)).body as PublicPlan[];
    expect(visible.map((p) => p._id)).not.toContain(plan._id);
    const all = (await call(t, admin, 'get', '/admin/plans').expect(200)).body as AdminPlan[];
    expect(all.map((p) => p._id)).toContain(plan._id);
    await call(t, admin, 'delete', `/admin/plans/${plan._id}`).expect(204);
    await call(t, admin, 'delete', `/admin/plans/${plan._id}`).expect(404);
    await call(t, admin, 'put', `/admin/plans/${plan._id}`, planBody()).expect(404);
  });

  it('the admin routes are the admin’s', async () => {
    await call(t, student, 'post', '/admin/plans', planBody()).expect(403);
    await call(t, student, 'get', '/admin/plans').expect(403);
    await get(t, '/admin/plans').expect(401);
  });
});
