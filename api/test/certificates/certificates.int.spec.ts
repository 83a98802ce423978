import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type {
  AdminCertificate,
  CertificateVerification,
  MyCertificate,
} from '@circo/shared-contracts';
import { accessGrants, courseClasses } from '../../src/database/schema.js';
import { JobsService } from '../../src/modules/jobs/index.js';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

const api = (t: TestApp) => request(t.app.getHttpServer());

function pdftotext(t: TestApp, bytes: Buffer): string {
  const file = join(t.config.dataDir, `cert-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('certificates of completion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { ...NO_RATE_LIMITS, verify: 40 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const drain = () => t.app.get(JobsService).drain();

  async function student(name = 'Lucía', surname = 'Pérez Ñúñez') {
    const user = await createUser(t.db, { name, surname });
    return { user, token: await tokenFor(t, user) };
  }

  async function mark(
    s: { user: { id: string }; token: string },
    type: 'course' | 'formation',
    itemId: string,
    classId: string,
    lang = 'en',
  ) {
    const path = type === 'course' ? 'progreso-curso' : 'progreso-formacion';
    await api(t)
      .post(`/api/users/${s.user.id}/${path}/${itemId}`)
      .set('Authorization', `Bearer ${s.token}`)
      .send({ classId, lang })
      .expect(200);
    await drain();
  }

  const mine = async (token: string) =>
    (
      await api(t)
        .get('/api/users/me/certificates')
        .set('Authorization', `Bearer ${token}`)
        .expect(200)
    ).body as MyCertificate[];

  const verify = (code: string, lang = 'en') =>
    api(t).get(`/api/certificates/${code}?lang=${lang}`);

  it('issues one when every class of a course is done: listed, a PDF of real text, verified, e-mailed', async () => {
    const course = await createCourse(t.db, { classes: 2 });
    const s = await student();
    await createPurchase(t.db, { userId: s.user.id, itemType: 'course', itemId: course.id });
    await mark(s, 'course', course.id, course.classes[0].id);
    expect(await mine(s.token)).toEqual([]);
    await mark(s, 'course', course.id, course.classes[1].id);

    const [cert] = await mine(s.token);
    expect(cert).toMatchObject({ itemType: 'course', itemId: course.id, revokedAt: null });
    expect(cert.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(Object.keys(cert).sort()).toEqual(
      ['_id', 'code', 'itemId', 'itemType', 'issuedAt', 'revokedAt', 'title'].sort(),
    );

    const pdf = await api(t)
      .get(`/api/users/me/certificates/${cert._id}/pdf`)
      .set('Authorization', `Bearer ${s.token}`)
      .buffer(true)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdftotext(t, pdf.body as Buffer);
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Lucía Pérez Ñúñez');
    expect(text).toContain(cert.title.en);
    expect(text).toContain('2 classes completed');
    expect(text).toContain(cert.code);
    expect(text).toContain(`/certificados/${cert.code}`);

    // someone else's certificate is not there for them
    const other = await student('Otro');
    await api(t)
      .get(`/api/users/me/certificates/${cert._id}/pdf`)
      .set('Authorization', `Bearer ${other.token}`)
      .expect(404);

    const check = await verify(cert.code).expect(200);
    expect(check.body as CertificateVerification).toEqual({
      name: 'Lucía Pérez Ñúñez',
      title: cert.title.en,
      issuedAt: cert.issuedAt,
      status: 'valid',
    });
    expect(JSON.stringify(check.body)).not.toContain(s.user.email);
    expect(check.headers['x-robots-tag']).toBe('noindex');
    expect((await verify(cert.code.toLowerCase()).expect(200)).body.status).toBe('valid');
    expect((await verify('ZZZZZZZZZZZZ').expect(404)).body.code).toBe('certificates.not_found');
    expect((await verify('not-a-code').expect(400)).body.code).toBe('common.validation_failed');

    const outbox = join(t.config.dataDir, 'outbox');
    const mails = readdirSync(outbox)
      .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; text: string })
      .filter((m) => m.to === s.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/certificados/${cert.code}`);

    // marking a class again issues no second certificate
    await mark(s, 'course', course.id, course.classes[1].id);
    expect(await mine(s.token)).toHaveLength(1);

    // the data export holds it
    const exported = await api(t)
      .get('/api/users/me/export')
      .set('Authorization', `Bearer ${s.token}`)
      .expect(200);
    expect(exported.body.certificates).toEqual([
      expect.objectContaining({ code: cert.code, status: 'issued', revokedAt: null }),
    ]);
  });

  it("counts a formation's classes across its modules, in the student's language", async () => {
    const formation = await createFormationWithModules(t.db, { modules: 2, classesPerModule: 2 });
    const classes = formation.modules.flatMap((m) => m.classes);
    const s = await student();
    await createPurchase(t.db, { userId: s.user.id, itemType: 'formation', itemId: formation.id });
    for (const c of classes.slice(0, 3)) await mark(s, 'formation', formation.id, c.id, 'fr');
    expect(await mine(s.token)).toEqual([]);
    await mark(s, 'formation', formation.id, classes[3].id, 'fr');
    const [cert] = await mine(s.token);
    expect(cert.itemType).toBe('formation');
    const pdf = await api(t)
      .get(`/api/users/me/certificates/${cert._id}/pdf`)
      .set('Authorization', `Bearer ${s.token}`)
      .buffer(true)
      .expect(200);
    const text = pdftotext(t, pdf.body as Buffer);
    expect(text).toContain('Certificat de réussite');
    expect(text).toContain('a terminé la formation');
    expect(text).toContain('4 leçons terminées');
  });

  it('keeps a certificate when a class is added later; a student who had not finished needs it too', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const done = await student();
    const late = await student();
    for (const s of [done, late]) {
      await createPurchase(t.db, { userId: s.user.id, itemType: 'course', itemId: course.id });
    }
    await mark(done, 'course', course.id, course.classes[0].id);
    expect(await mine(done.token)).toHaveLength(1);

    const [added] = await t.db
      .insert(courseClasses)
      .values({
        courseId: course.id,
        position: 1,
        title: { es: 'Nueva', en: 'New', fr: 'Nouvelle' },
        visible: { es: true, en: true, fr: true },
      })
      .returning();
    await t.catalogChanged();
    await mark(late, 'course', course.id, course.classes[0].id);
    expect(await mine(late.token)).toEqual([]);
    expect(await mine(done.token)).toHaveLength(1);
    await mark(late, 'course', course.id, added.id);
    expect(await mine(late.token)).toHaveLength(1);
  });

  it('issues none while access has ended, and does once it is back', async () => {
    const course = await createCourse(t.db, { classes: 2 });
    const s = await student();
    const grant = await createPurchase(t.db, {
      userId: s.user.id,
      itemType: 'course',
      itemId: course.id,
    });
    await mark(s, 'course', course.id, course.classes[0].id);
    await t.db
      .update(accessGrants)
      .set({
        startsAt: new Date(Date.now() - 86_400_000),
        expiresAt: new Date(Date.now() - 60_000),
      })
      .where(eq(accessGrants.id, grant.id));
    // the coach marks the last class for her: no certificate without access
    const admin = await createUser(t.db, { role: 'admin' });
    await mark(
      { user: s.user, token: await tokenFor(t, admin) },
      'course',
      course.id,
      course.classes[1].id,
    );
    expect(await mine(s.token)).toEqual([]);

    await createPurchase(t.db, { userId: s.user.id, itemType: 'course', itemId: course.id });
    await mark(s, 'course', course.id, course.classes[1].id);
    expect(await mine(s.token)).toHaveLength(1);
  });

  it('the coach revokes (with a reason) and reissues; the old code stays revoked', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const s = await student();
    await createPurchase(t.db, { userId: s.user.id, itemType: 'course', itemId: course.id });
    await mark(s, 'course', course.id, course.classes[0].id);
    const [cert] = await mine(s.token);
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const asAdmin = (r: request.Test) => r.set('Authorization', `Bearer ${admin}`);

    const listed = await asAdmin(
      api(t).get(`/api/admin/certificates?itemType=course&itemId=${course.id}`),
    ).expect(200);
    expect((listed.body as AdminCertificate[]).map((c) => c.code)).toEqual([cert.code]);
    expect((listed.body as AdminCertificate[])[0].email).toBe(s.user.email);

    await api(t)
      .delete(`/api/admin/certificates/${cert._id}`)
      .set('Authorization', `Bearer ${s.token}`)
      .expect(403);
    const revoked = await asAdmin(api(t).delete(`/api/admin/certificates/${cert._id}`))
      .send({ reason: 'Completed by someone else' })
      .expect(200);
    expect(revoked.body).toMatchObject({ revokeReason: 'Completed by someone else' });
    expect((await verify(cert.code).expect(200)).body.status).toBe('revoked');
    expect((await mine(s.token))[0].revokedAt).not.toBeNull();
    expect(
      (await asAdmin(api(t).delete(`/api/admin/certificates/${cert._id}`)).expect(409)).body.code,
    ).toBe('certificates.already_revoked');

    const again = await asAdmin(api(t).post(`/api/admin/certificates/${cert._id}/reissue`)).expect(
      201,
    );
    const fresh = again.body as AdminCertificate;
    expect(fresh.code).not.toBe(cert.code);
    expect((await verify(fresh.code).expect(200)).body.status).toBe('valid');
    expect((await verify(cert.code).expect(200)).body.status).toBe('revoked');
    await asAdmin(api(t).post(`/api/admin/certificates/${cert._id}/reissue`)).expect(409);
    const byStudent = await asAdmin(
      api(t).get(`/api/admin/certificates?userId=${s.user.id}`),
    ).expect(200);
    expect(byStudent.body).toHaveLength(2);
  });

  it('waits for the coach when the item asks for review: approve, decline with a note', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const asAdmin = (r: request.Test) => r.set('Authorization', `Bearer ${admin}`);
    await asAdmin(api(t).put(`/api/admin/certificates/review/course/${course.id}`))
      .send({ review: true })
      .expect(200);
    const [a, b] = [await student('Ana'), await student('Bea')];
    for (const s of [a, b]) {
      await createPurchase(t.db, { userId: s.user.id, itemType: 'course', itemId: course.id });
      await mark(s, 'course', course.id, course.classes[0].id);
      expect(await mine(s.token)).toEqual([]);
    }
    const queue = (await asAdmin(api(t).get('/api/admin/certificates?status=pending')).expect(200))
      .body as AdminCertificate[];
    const [pa, pb] = [a, b].map((s) => queue.find((c) => c.userId === s.user.id)!);
    expect(pa.status).toBe('pending');
    expect((await verify(pa.code).expect(404)).body.code).toBe('certificates.not_found');

    await asAdmin(api(t).post(`/api/admin/certificates/${pa._id}/approve`))
      .send({})
      .expect(200);
    expect(await mine(a.token)).toHaveLength(1);
    expect((await verify(pa.code).expect(200)).body.status).toBe('valid');
    const declined = await asAdmin(api(t).post(`/api/admin/certificates/${pb._id}/decline`))
      .send({ note: 'Send me your final video first' })
      .expect(200);
    expect(declined.body).toMatchObject({
      status: 'declined',
      reviewNote: 'Send me your final video first',
    });
    expect(await mine(b.token)).toEqual([]);
    await asAdmin(api(t).post(`/api/admin/certificates/${pb._id}/approve`))
      .send({})
      .expect(409);
    await asAdmin(api(t).post(`/api/admin/certificates/${pb._id}/decline`))
      .send({ note: 'x'.repeat(501) })
      .expect(400);
  });

  it('prints hostile names whole and as text: right-to-left, 200 characters, HTML', async () => {
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    await api(t)
      .put('/api/admin/certificates/settings')
      .set('Authorization', `Bearer ${admin}`)
      .send({ coachName: 'Marta Ferré', signature: null })
      .expect(200);
    const long = `Bartolomé ${'Çağlar '.repeat(40)}`.slice(0, 199) + 'Z';
    const names: Array<[string, string, (text: string) => void]> = [
      [
        '<b>Eve</b>',
        '<script>alert(1)</script>',
        (x) => expect(x).toContain('<b>Eve</b> <script>alert(1)</script>'),
      ],
      [long, '', (x) => expect(x.replace(/\s+/g, '')).toContain(long.replace(/\s+/g, ''))],
      ['محمد', 'علي', (x) => expect(x).toContain('Marta Ferré')],
    ];
    for (const [name, surname, check] of names) {
      const course = await createCourse(t.db, { classes: 1 });
      const s = await student(name, surname);
      await createPurchase(t.db, { userId: s.user.id, itemType: 'course', itemId: course.id });
      await mark(s, 'course', course.id, course.classes[0].id);
      const [cert] = await mine(s.token);
      const pdf = await api(t)
        .get(`/api/users/me/certificates/${cert._id}/pdf`)
        .set('Authorization', `Bearer ${s.token}`)
        .buffer(true)
        .expect(200);
      check(pdftotext(t, pdf.body as Buffer));
      const verified = (await verify(cert.code).expect(200)).body as CertificateVerification;
      expect(verified.name).toBe([name, surname].filter(Boolean).join(' '));
    }
    expect(existsSync(join(t.config.dataDir, 'outbox'))).toBe(true);
  });

  it('refuses a bad signature image and answers the settings back', async () => {
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const put = (body: unknown) =>
      api(t)
        .put('/api/admin/certificates/settings')
        .set('Authorization', `Bearer ${admin}`)
        .send(body as object);
    expect(
      (await put({ coachName: 'M', signature: 'data:image/png;base64,AAAA' }).expect(400)).body
        .code,
    ).toBe('certificates.signature_invalid');
    await put({ coachName: 'x'.repeat(121), signature: null }).expect(400);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await put({
      coachName: 'Marta',
      signature: `data:image/png;base64,${png.toString('base64')}`,
    }).expect(200);
    expect(ok.body).toEqual({
      coachName: 'Marta',
      signature: `data:image/png;base64,${png.toString('base64')}`,
    });
  });
});

describe('certificate verification is rate limited per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { ...NO_RATE_LIMITS, verify: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 past the limit', async () => {
    for (let i = 0; i < 3; i++) await api(t).get('/api/certificates/ZZZZZZZZZZZZ').expect(404);
    const res = await api(t).get('/api/certificates/ZZZZZZZZZZZZ').expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
