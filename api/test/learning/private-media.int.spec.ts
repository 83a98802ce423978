import { jest } from '@jest/globals';
import request from 'supertest';
import type { PrivateMediaResponse, PrivateVideoResponse } from '@circo/shared-contracts';
import { formationClasses } from '../../src/database/schema.js';
import { PurchasesService } from '../../src/modules/purchases/purchases.service.js';
import { eq } from 'drizzle-orm';
import {
  createCourse,
  createFormationWithModules,
  createPayment,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';
import { addClassMedia, patternBytes, storePrivateFile } from './learning-helpers.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), patternBytes(3000)]);

describe('private media: who gets a class PDF or video', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });

  /** A formation whose first class has a PDF (es, fr: none in en) and a video, and a buyer. */
  async function setup() {
    const formation = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 2 });
    const cls = formation.modules[0].classes[0];
    const pdf = await storePrivateFile(t, 'pdf', PDF);
    const video = await storePrivateFile(t, 'video', patternBytes(5000));
    await addClassMedia(t, { formationClassId: cls.id }, 'pdf', pdf.publicId, ['es', 'fr']);
    await addClassMedia(t, { formationClassId: cls.id }, 'video', video.publicId);
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'formation', itemId: formation.id });
    return { formation, cls, pdf, video, buyer, token: await tokenFor(t, buyer) };
  }
  const pdfPath = (classId: string, lang = 'es', index = 0) =>
    `/cloudinary/privado/${classId}/${index}/${lang}`;

  it('gives an active buyer a short-lived signed link to their copy of the PDF, which serves it inline', async () => {
    const { cls, pdf, token, buyer } = await setup();
    const res = await get(t, pdfPath(cls.id), token).expect(200);
    const body = res.body as PrivateMediaResponse;
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(body.url).toMatch(
      new RegExp(`^/api/files/stamped/${pdf.publicId}\\?u=${buyer.id}&exp=\\d+&sig=[0-9a-f]{64}$`),
    );
    const expiresIn = Date.parse(body.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    const file = await request(t.app.getHttpServer()).get(body.url).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['accept-ranges']).toBe('bytes');
    // this file is no PDF a reader opens: it goes out as it is, unstamped (stamped-pdfs.int.spec)
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
  });

  it('refuses an anonymous caller, a non-buyer, an expired buyer and a refunded buyer', async () => {
    const { formation, cls } = await setup();
    expect((await get(t, pdfPath(cls.id)).expect(401)).body.code).toBe('auth.unauthorized');

    const stranger = await createUser(t.db);
    const r1 = await get(t, pdfPath(cls.id), await tokenFor(t, stranger)).expect(403);
    expect(r1.body.code).toBe('classes.purchase_required');
    expect(JSON.stringify(r1.body)).not.toContain('/api/files');

    const expired = await createUser(t.db);
    await createPurchase(t.db, {
      userId: expired.id,
      itemType: 'formation',
      itemId: formation.id,
      expired: true,
    });
    const r2 = await get(t, pdfPath(cls.id), await tokenFor(t, expired)).expect(403);
    expect(r2.body.code).toBe('classes.purchase_required');

    const refunded = await createUser(t.db);
    const payment = await createPayment(t.db, {
      userId: refunded.id,
      items: [{ type: 'formation', id: formation.id }],
    });
    const purchases = t.app.get(PurchasesService);
    await purchases.grantPaidItems(refunded.id, payment.id, [
      { type: 'formation', id: formation.id },
    ]);
    const refundedToken = await tokenFor(t, refunded);
    await get(t, pdfPath(cls.id), refundedToken).expect(200); // before the refund
    await purchases.refundPayment(payment.id);
    const r3 = await get(t, pdfPath(cls.id), refundedToken).expect(403);
    expect(r3.body.code).toBe('classes.purchase_required');
    const r4 = await get(t, `/upload/video/${cls.id}/0/es`, refundedToken).expect(403);
    expect(r4.body.code).toBe('classes.purchase_required');
  });

  it('refuses a buyer asking in a language where the class is hidden; an admin gets it', async () => {
    const { cls, token } = await setup();
    await t.db
      .update(formationClasses)
      .set({ visible: { es: true, en: true, fr: false } })
      .where(eq(formationClasses.id, cls.id));
    const res = await get(t, pdfPath(cls.id, 'fr'), token).expect(403);
    expect(res.body).toMatchObject({
      code: 'catalog.unavailable_in_language',
      data: { availableLanguages: ['es', 'en'] },
    });
    await get(t, `/upload/video/${cls.id}/0/fr`, token).expect(403);
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    await get(t, pdfPath(cls.id, 'fr'), admin).expect(200);
  });

  it('answers 404 for a language without the file, an index past the list, or the wrong kind of class', async () => {
    const { cls, token } = await setup();
    expect((await get(t, pdfPath(cls.id, 'en'), token).expect(404)).body.code).toBe(
      'media.not_found',
    );
    expect((await get(t, pdfPath(cls.id, 'es', 1), token).expect(404)).body.code).toBe(
      'media.not_found',
    );
    // a formation class through the course PDF route
    const wrong = await get(t, `/cloudinary/pdf-curso-privado/${cls.id}/0/es`, token).expect(404);
    expect(wrong.body.code).toBe('classes.not_found');
  });

  it('validates every path part: 400 with a code, never a 500', async () => {
    const { cls, token } = await setup();
    for (const path of [
      `/cloudinary/privado/not-a-uuid/0/es`,
      `/cloudinary/privado/${cls.id}/-1/es`,
      `/cloudinary/privado/${cls.id}/1.5/es`,
      `/cloudinary/privado/${cls.id}/abc/es`,
      `/cloudinary/privado/${cls.id}/1000/es`,
      `/cloudinary/privado/${cls.id}/0/de`,
      `/upload/video/${cls.id}/0/xx`,
      `/upload/video-status/abc`,
      `/upload/video-status/1;drop`,
    ]) {
      const res = await get(t, path, token).expect(400);
      expect(res.body.code).toBe('common.validation_failed');
    }
  });

  it('a signed link stops working when any character of it is changed', async () => {
    const { cls, token } = await setup();
    const { url } = (await get(t, pdfPath(cls.id), token).expect(200)).body as PrivateMediaResponse;
    const server = t.app.getHttpServer();
    const start = '/api/files/private/'.length;
    for (let i = start; i < url.length; i++) {
      const c = url[i];
      if (c === '?' || c === '&' || c === '=') continue; // structure, not content
      const swapped = c === 'a' ? 'b' : c === '0' ? '1' : /[0-9]/.test(c) ? '0' : 'a';
      const tampered = url.slice(0, i) + swapped + url.slice(i + 1);
      const res = await request(server).get(tampered);
      expect([403, 404]).toContain(res.status);
      expect(res.body.code).toMatch(/^media\.(link_invalid|link_expired|file_not_found)$/);
    }
    // missing or extra parts
    const bare = url.split('?')[0];
    expect((await request(server).get(bare)).body.code).toBe('media.link_invalid');
    expect((await request(server).get(`${url}0`)).body.code).toBe('media.link_invalid');
    expect((await request(server).get(url.replace(/&sig=.*/, ''))).status).toBe(403);
  });

  it('a signed link stops working after its expiry (clock moved by the test)', async () => {
    const { cls, token } = await setup();
    const { url, expiresAt } = (await get(t, pdfPath(cls.id), token).expect(200))
      .body as PrivateMediaResponse;
    const server = t.app.getHttpServer();
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      jest.setSystemTime(Date.parse(expiresAt!) - 1000);
      await request(server).get(url).expect(200);
      jest.setSystemTime(Date.parse(expiresAt!));
      const res = await request(server).get(url).expect(403);
      expect(res.body.code).toBe('media.link_expired');
    } finally {
      jest.useRealTimers();
    }
  });

  it('streams a video with HTTP ranges: 206 with the right bytes, 416 past the end', async () => {
    const { cls, video, token } = await setup();
    const res = await get(t, `/upload/video/${cls.id}/0/es`, token).expect(200);
    const body = res.body as PrivateVideoResponse;
    expect(body).toMatchObject({ provider: 'local', videoId: video.assetId, status: 'available' });
    const server = t.app.getHttpServer();
    const bytes = patternBytes(5000);

    const part = await request(server).get(body.url).set('Range', 'bytes=1000-1099').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe('bytes 1000-1099/5000');
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(1000, 1100))).toBe(0);

    const open = await request(server).get(body.url).set('Range', 'bytes=4990-').buffer(true);
    expect(open.status).toBe(206);
    expect(Buffer.compare(open.body as Buffer, bytes.subarray(4990))).toBe(0);

    const suffix = await request(server).get(body.url).set('Range', 'bytes=-5').buffer(true);
    expect(suffix.headers['content-range']).toBe('bytes 4995-4999/5000');

    const beyond = await request(server).get(body.url).set('Range', 'bytes=5000-6000');
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */5000');

    const whole = await request(server).get(body.url).buffer(true).expect(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect((whole.body as Buffer).length).toBe(5000);

    const status = await get(t, `/upload/video-status/${video.assetId}`, token).expect(200);
    expect(status.body).toEqual({ status: 'available' });
  });

  it('never serves a path outside the private folder', async () => {
    const server = t.app.getHttpServer();
    for (const p of [
      '/api/files/private/../jwt-secret?exp=99999999999&sig=' + '0'.repeat(64),
      '/api/files/private/%2e%2e%2fmedia-signing-key?exp=99999999999&sig=' + '0'.repeat(64),
      '/api/files/public/..%2f..%2fjwt-secret',
      '/api/files/public/pdfs/none.pdf',
    ]) {
      const res = await request(server).get(p);
      expect([403, 404]).toContain(res.status);
      expect(res.text).not.toContain(t.config.jwtSecret);
    }
  });

  it('records progress only for classes of that item', async () => {
    const { formation, cls, buyer, token } = await setup();
    const other = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
    const course = await createCourse(t.db, { classes: 1 });
    const post = (classId: string) =>
      request(t.app.getHttpServer())
        .post(`/api/users/${buyer.id}/progreso-formacion/${formation.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ classId });
    for (const foreign of [other.modules[0].classes[0].id, course.classes[0].id]) {
      expect((await post(foreign).expect(400)).body.code).toBe('progress.class_not_in_item');
    }
    expect((await post(cls.id).expect(200)).body.clasesCompletadas).toEqual([cls.id]);
    const mine = await get(t, `/learning/formations/${formation.id}?lang=es`, token).expect(200);
    expect(mine.body.completed).toEqual([cls.id]);
  });
});
