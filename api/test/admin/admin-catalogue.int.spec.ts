import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  CATALOG_ERRORS,
  COMMON_ERRORS,
  type AdminClass,
  type AdminCourse,
  type AdminFormation,
  type AdminModule,
  type DiscountDto,
} from '@circo/shared-contracts';
import {
  classMedia,
  formationClasses,
  formationModules,
  uploadedAssets,
} from '../../src/database/schema.js';
import { createCourse, createPurchase, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, ids, tokenFor } from '../catalog/catalog-helpers.js';
import {
  call,
  classBody,
  courseBody,
  formationBody,
  presentialBody,
  text,
  voucherBody,
} from './admin-helpers.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';

describe('admin catalogue: writes, visibility, order, deletes', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A local file recorded in uploaded_assets, as an upload leaves it. */
  async function storedFile(folder: string, ext: string, isPrivate = false) {
    const publicId = `${folder}/${randomUUID()}.${ext}`;
    const path = join(t.config.dataDir, 'uploads', isPrivate ? 'private' : 'public', publicId);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '%PDF-1.4\n');
    const url = `/api/files/public/${publicId}`;
    await t.db.insert(uploadedAssets).values({
      publicId,
      url,
      resourceType: ext === 'pdf' ? 'raw' : 'image',
      storage: 'local',
      private: isPrivate,
    });
    return { publicId, path, url };
  }

  it('creates a course visible in Spanish only, with classes in order, and edits it', async () => {
    const created = await call(t, token, 'post', '/courses', courseBody('Aro aéreo')).expect(201);
    const course = created.body as AdminCourse;
    expect(course).toMatchObject({
      price: 49.9,
      visible: { es: true, en: false, fr: false },
      title: { es: 'Aro aéreo', en: 'Aro aéreo (en)', fr: '' },
      hasBuyers: false,
      classes: [],
    });
    for (const name of ['Uno', 'Dos', 'Tres'])
      await call(t, token, 'post', `/course-classes/${course._id}`, classBody(name)).expect(201);

    const list = (await call(t, token, 'get', '/courses/admin').expect(200)).body as AdminCourse[];
    const listed = list.find((c) => c._id === course._id)!;
    expect(listed.classes.map((c) => c.title.es)).toEqual(['Uno', 'Dos', 'Tres']);

    const [a, b, c] = listed.classes.map((x) => x._id);
    const reordered = await call(t, token, 'put', `/courses/${course._id}/classes/order`, {
      ids: [c, a, b],
    }).expect(200);
    expect((reordered.body as AdminCourse).classes.map((x) => x.title.es)).toEqual([
      'Tres',
      'Uno',
      'Dos',
    ]);
    // the public programme follows the new order at once
    const pub = await get(t, `/courses/${course._id}?lang=es`).expect(200);
    expect(ids(pub.body.classes)).toEqual([c, a, b]);
    // an order that is not exactly the current classes is refused
    await call(t, token, 'put', `/courses/${course._id}/classes/order`, { ids: [a, b] }).expect(
      400,
    );

    const edited = await call(t, token, 'put', `/courses/${course._id}`, {
      ...courseBody('Aro aéreo II'),
      price: '59.5',
    }).expect(200);
    expect(edited.body).toMatchObject({ price: 59.5, title: { es: 'Aro aéreo II' } });
  });

  it('keeps the simple forms: one language at a time', async () => {
    const res = await call(t, token, 'post', '/courses', {
      title: 'Trapecio',
      description: 'Curso de trapecio',
      price: 30,
      pdfUrl: 'https://files.example.com/trapecio.pdf',
      videoUrl: 'https://youtu.be/abcdefghijk',
      language: 'en',
    }).expect(201);
    // these forms have no image, so the course waits, hidden, until it has one
    expect(res.body).toMatchObject({
      title: { es: '', en: 'Trapecio', fr: '' },
      pdf: { en: 'https://files.example.com/trapecio.pdf' },
      visible: { es: false, en: false, fr: false },
    });
    const edited = await call(t, token, 'put', `/courses/${res.body._id}`, {
      title: 'Trapèze',
      description: 'Cours',
      price: 30,
      language: 'fr',
    }).expect(200);
    expect(edited.body.title).toEqual({ es: '', en: 'Trapecio', fr: 'Trapèze' });
  });

  it('switches a language on and off, and the public site sees it at once', async () => {
    const image = 'https://res.example.com/ImagenesCursos/a.jpg';
    const course = (
      await call(t, token, 'post', '/courses', {
        ...courseBody('Telas'),
        image: text(image, image),
      }).expect(201)
    ).body as AdminCourse;
    const before = await get(t, '/courses/visible?lang=en').expect(200);
    expect(ids(before.body)).not.toContain(course._id);

    const on = await call(t, token, 'patch', `/courses/${course._id}/visibility/language`, {
      language: 'en',
    }).expect(200);
    expect(on.body).toEqual({ _id: course._id, visible: { es: true, en: true, fr: false } });
    expect(ids((await get(t, '/courses/visible?lang=en').expect(200)).body)).toContain(course._id);

    await call(t, token, 'patch', `/courses/${course._id}/visibility/language`, {
      language: 'es',
    }).expect(200);
    const hidden = await get(t, `/courses/${course._id}?lang=es`).expect(403);
    expect(hidden.body.code).toBe(CATALOG_ERRORS.unavailableInLanguage);

    // a class toggled off in English disappears from the English programme
    const cls = (
      await call(t, token, 'post', `/course-classes/${course._id}`, {
        title: text('Nudos', 'Knots'),
        content: text('<p>Nudos</p>', '<p>Knots</p>'),
        visible: { es: true, en: true, fr: false },
      }).expect(201)
    ).body as AdminClass;
    await call(t, token, 'patch', `/course-classes/${cls._id}/visibility/en`).expect(200);
    const detail = await get(t, `/courses/${course._id}?lang=en`).expect(200);
    expect(ids(detail.body.classes)).not.toContain(cls._id);
  });

  it('refuses to delete a course with buyers: 409 with a clear message', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const student = await createUser(t.db);
    await createPurchase(t.db, { userId: student.id, itemType: 'course', itemId: course.id });
    const list = (await call(t, token, 'get', '/courses/admin').expect(200)).body as AdminCourse[];
    expect(list.find((c) => c._id === course.id)?.hasBuyers).toBe(true);
    const res = await call(t, token, 'delete', `/courses/${course.id}`).expect(409);
    expect(res.body.code).toBe(COMMON_ERRORS.inUse);
    expect(res.body.message).toMatch(/has buyers.*hide it/);
    await get(t, `/courses/${course.id}?lang=es`).expect(200);
  });

  it('deletes a course class with its files, and a course without buyers', async () => {
    const course = (await call(t, token, 'post', '/courses', courseBody()).expect(201))
      .body as AdminCourse;
    const pdf = await storedFile('pdfs', 'pdf', true);
    const cls = (
      await call(t, token, 'post', `/course-classes/${course._id}`, {
        ...classBody(),
        pdfs: [{ url: text(pdf.url), public_id: text(pdf.publicId), title: text('Guía') }],
      }).expect(201)
    ).body as AdminClass;
    expect(cls.pdfs).toHaveLength(1);
    const read = await call(t, token, 'get', `/classes/admin/${cls._id}`).expect(200);
    expect(read.body).toMatchObject({ course: course._id, pdfs: [{ title: { es: 'Guía' } }] });

    // editing the class without the PDF discards the file
    await call(t, token, 'put', `/course-classes/${cls._id}`, { ...classBody(), pdfs: [] }).expect(
      200,
    );
    await t.app.get(JobsService).drain(); // the files go by a job after the commit
    expect(existsSync(pdf.path)).toBe(false);

    await call(t, token, 'delete', `/course-classes/${cls._id}`).expect(204);
    await call(t, token, 'get', `/classes/admin/${cls._id}`).expect(404);
    await call(t, token, 'delete', `/courses/${course._id}`).expect(204);
    await call(t, token, 'delete', `/courses/${course._id}`).expect(404);
  });

  it('builds a formation -> modules -> classes, reorders them and deletes it all with its files', async () => {
    const image = await storedFile('ImagenesCursos', 'jpg');
    const formation = (
      await call(t, token, 'post', '/formations', {
        ...formationBody(),
        image: text(image.url),
        image_public_id: text(image.publicId),
      }).expect(201)
    ).body as AdminFormation;
    expect(formation.price).toBe(0);

    const m1 = (
      await call(t, token, 'post', '/modules', {
        formationId: formation._id,
        title: text('Módulo 1'),
        description: text('Primero'),
      }).expect(201)
    ).body as AdminModule;
    const m2 = (
      await call(t, token, 'post', '/modules', {
        formationId: formation._id,
        title: text('Módulo 2'),
        description: text('Segundo'),
      }).expect(201)
    ).body as AdminModule;
    const pdf = await storedFile('pdfs', 'pdf', true);
    const c1 = (
      await call(t, token, 'post', '/classes', {
        ...classBody('Clase A'),
        moduleId: m1._id,
        pdfs: [{ url: text(pdf.url), public_id: text(pdf.publicId), title: text('Apuntes') }],
      }).expect(201)
    ).body as AdminClass;
    const c2 = (
      await call(t, token, 'post', '/classes', {
        ...classBody('Clase B'),
        moduleId: m1._id,
      }).expect(201)
    ).body as AdminClass;
    expect(c1.pdfs[0].moduleId).toBe(m1._id);

    const classes = await call(t, token, 'put', `/modules/${m1._id}/classes/order`, {
      ids: [c2._id, c1._id],
    }).expect(200);
    expect(ids(classes.body)).toEqual([c2._id, c1._id]);
    const modules = await call(t, token, 'put', `/formations/${formation._id}/modules/order`, {
      ids: [m2._id, m1._id],
    }).expect(200);
    expect(ids((modules.body as AdminFormation).modules)).toEqual([m2._id, m1._id]);
    const pub = await get(t, `/formations/${formation._id}?lang=es`).expect(200);
    expect(ids(pub.body.modules)).toEqual([m2._id, m1._id]);
    expect(ids(pub.body.modules[1].classes)).toEqual([c2._id, c1._id]);

    await call(t, token, 'patch', `/modules/${m2._id}/visibility/es`).expect(200);
    const afterToggle = await get(t, `/formations/${formation._id}?lang=es`).expect(200);
    expect(ids(afterToggle.body.modules)).toEqual([m1._id]);

    await call(t, token, 'delete', `/formations/${formation._id}`).expect(204);
    expect(
      await t.db
        .select()
        .from(formationModules)
        .where(inArray(formationModules.id, [m1._id, m2._id])),
    ).toEqual([]);
    expect(
      await t.db.select().from(formationClasses).where(eq(formationClasses.moduleId, m1._id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(classMedia).where(eq(classMedia.formationClassId, c1._id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(uploadedAssets)
        .where(inArray(uploadedAssets.publicId, [pdf.publicId, image.publicId])),
    ).toEqual([]);
    await t.app.get(JobsService).drain(); // the files go by a job after the commit
    expect(existsSync(pdf.path)).toBe(false);
    expect(existsSync(image.path)).toBe(false);
    await get(t, `/formations/${formation._id}?lang=es`).expect(404);
  });

  it('manages vouchers with a name per language, shown on the public list at once', async () => {
    const course = await createCourse(t.db);
    const created = await call(t, token, 'post', '/discounts', voucherBody(course.id)).expect(201);
    const voucher = created.body as DiscountDto;
    expect(voucher).toMatchObject({
      name: 'Bono de otoño',
      nameI18n: { es: 'Bono de otoño', en: 'Autumn voucher' },
      percentage: 20,
      active: true,
      type: 'course',
      targetItems: [{ _id: course.id, itemType: 'course', title: course.title.es }],
    });
    const active = (await get(t, '/discounts/activos').expect(200)).body as DiscountDto[];
    expect(active.find((d) => d._id === voucher._id)?.nameI18n?.en).toBe('Autumn voucher');

    await call(t, token, 'put', `/discounts/${voucher._id}`, {
      ...voucherBody(course.id),
      active: false,
    }).expect(200);
    expect(ids((await get(t, '/discounts/activos').expect(200)).body)).not.toContain(voucher._id);
    expect(ids((await call(t, token, 'get', '/discounts').expect(200)).body)).toContain(
      voucher._id,
    );
    // a formation target on a course voucher is refused
    const wrong = await call(t, token, 'post', '/discounts', {
      ...voucherBody(randomUUID()),
    }).expect(400);
    expect(wrong.body.errors[0].field).toBe('targetItems');
    await call(t, token, 'delete', `/discounts/${voucher._id}`).expect(204);
    await call(t, token, 'delete', `/discounts/${voucher._id}`).expect(404);
  });

  it("accepts the spec's plain-string voucher name and description (Spanish)", async () => {
    const course = await createCourse(t.db);
    const created = await call(t, token, 'post', '/discounts', {
      ...voucherBody(course.id),
      name: 'Bono de primavera',
      description: 'Para el grupo del sábado',
    }).expect(201);
    const voucher = created.body as DiscountDto;
    expect(voucher).toMatchObject({
      name: 'Bono de primavera',
      nameI18n: { es: 'Bono de primavera', en: '', fr: '' },
      description: 'Para el grupo del sábado',
    });
    // an English name given by the admin stays when a spec client edits the Spanish one
    await call(t, token, 'put', `/discounts/${voucher._id}`, {
      ...voucherBody(course.id),
    }).expect(200);
    const edited = await call(t, token, 'put', `/discounts/${voucher._id}`, {
      ...voucherBody(course.id),
      name: 'Bono de verano',
    }).expect(200);
    expect((edited.body as DiscountDto).nameI18n).toMatchObject({
      es: 'Bono de verano',
      en: 'Autumn voucher',
    });
    // a blank string is the spec's "name is required"; other shapes are refused by field
    const blank = await call(t, token, 'post', '/discounts', {
      ...voucherBody(course.id),
      name: '  ',
    }).expect(400);
    expect(blank.body.code).toBe('common.validation_failed');
    const wrong = await call(t, token, 'post', '/discounts', {
      ...voucherBody(course.id),
      name: 42,
    }).expect(400);
    expect(wrong.body.errors[0].field).toBe('name');
  });

  it('manages in-person trainings: single date or range', async () => {
    const single = (
      await call(t, token, 'post', '/presential-formations', presentialBody()).expect(201)
    ).body;
    expect(single).toMatchObject({
      dateType: 'single',
      singleDate: '2031-05-01',
      dateRange: { start: null },
    });
    const range = await call(t, token, 'put', `/presential-formations/${single._id}`, {
      ...presentialBody(),
      dateType: 'range',
      dateRange: { start: '2031-06-01', end: '2031-06-03' },
    }).expect(200);
    expect(range.body).toMatchObject({
      singleDate: null,
      dateRange: { start: '2031-06-01', end: '2031-06-03' },
    });
    const pub = await get(t, '/presential-formations/presencial?lang=fr').expect(200);
    expect(ids(pub.body)).toContain(single._id);
    expect(ids((await call(t, token, 'get', '/presential-formations').expect(200)).body)).toContain(
      single._id,
    );
    await call(t, token, 'delete', `/presential-formations/${single._id}`).expect(204);
  });
});
