import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { UPLOAD_ERRORS, type SignatureResponse } from '@circo/shared-contracts';
import { uploadedAssets } from '../../src/database/schema.js';
import { UploadsService } from '../../src/modules/uploads/uploads.service.js';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import { call, classBody, courseBody, text } from './admin-helpers.js';
import { EXE_BYTES, PDF_BYTES, PNG_BYTES, MP4_BYTES, signedUploadFields } from './upload-files.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';

describe('admin uploads on local storage', () => {
  let t: TestApp;
  let admin: { id: string };
  let token: string;
  const server = () => request(t.app.getHttpServer());
  const upload = (
    path: string,
    field: string,
    bytes: Buffer,
    name: string,
    fields: Record<string, string> = {},
  ) => {
    const req = server().post(`/api${path}`).set('Authorization', `Bearer ${token}`);
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    return req.attach(field, bytes, name);
  };
  const fileOf = (isPrivate: boolean, publicId: string) =>
    join(t.config.dataDir, 'uploads', isPrivate ? 'private' : 'public', publicId);
  const assetOf = async (publicId: string) =>
    (await t.db.select().from(uploadedAssets).where(eq(uploadedAssets.publicId, publicId)))[0];

  beforeAll(async () => {
    t = await createTestApp({
      uploads: {
        maxImageBytes: 4096,
        maxPdfBytes: 4096,
        maxVideoBytes: 8192,
        orphanGraceHours: 24,
        sweepMinutes: 0,
      },
    });
    admin = await createUser(t.db, { role: 'admin' });
    token = await tokenFor(t, admin as never);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a public PDF, recorded with who uploaded it, and serves it', async () => {
    const res = await upload('/cloudinary/upload-pdf-publico', 'pdf', PDF_BYTES, 'programa.pdf', {
      public_id: '../../etc/passwd',
    });
    expect(res.status).toBe(201);
    expect(res.body.public_id).toMatch(/^pdfs\/[0-9a-f-]{36}\.pdf$/);
    expect(res.body.url).toBe(`/api/files/public/${res.body.public_id}`);
    const asset = await assetOf(res.body.public_id);
    expect(asset).toMatchObject({
      resourceType: 'raw',
      private: false,
      storage: 'local',
      createdBy: admin.id,
      sizeBytes: PDF_BYTES.length,
    });
    const served = await server().get(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
  });

  it('keeps a private PDF out of the public folder', async () => {
    const res = await upload('/cloudinary/upload-pdf-privado', 'pdf', PDF_BYTES, 'clase.pdf');
    expect(res.status).toBe(201);
    expect(existsSync(fileOf(true, res.body.public_id))).toBe(true);
    expect((await server().get(`/api/files/public/${res.body.public_id}`)).status).toBe(404);
    expect((await server().get(res.body.url)).status).toBe(403);
  });

  it('refuses a renamed .exe sent as a PDF and a text file sent as an image (415), leaving nothing', async () => {
    const exe = await upload('/cloudinary/upload-pdf-publico', 'pdf', EXE_BYTES, 'programa.pdf');
    expect(exe.status).toBe(415);
    expect(exe.body.code).toBe(UPLOAD_ERRORS.wrongType);
    expect(exe.body.message).toMatch(/not a PDF/);
    const txt = await upload(
      '/cloudinary/upload-imagen-curso',
      'file',
      Buffer.from('hola, no soy una imagen'),
      'foto.png',
    );
    expect(txt.status).toBe(415);
    expect(txt.body.message).toMatch(/not a JPEG, PNG, WebP or GIF image/);
    const svg = await upload(
      '/cloudinary/upload-imagen-curso',
      'file',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.svg',
    );
    expect(svg.status).toBe(415);
    const pdfAsVideo = await upload('/upload/video-privado', 'file', PDF_BYTES, 'clase.mp4');
    expect(pdfAsVideo.status).toBe(415);
  });

  it('refuses a file over the size limit with 413 and the limit', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5000, 0x20)]);
    const res = await upload('/cloudinary/upload-pdf-publico', 'pdf', big, 'grande.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: UPLOAD_ERRORS.tooLarge, data: { maxBytes: 4096 } });
  });

  it('answers 400 without a file and 415 for a JSON body', async () => {
    const none = await server()
      .post('/api/cloudinary/upload-imagen-curso')
      .set('Authorization', `Bearer ${token}`)
      .field('public_id', 'x');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(UPLOAD_ERRORS.fileMissing);
    const json = await call(t, token, 'post', '/cloudinary/upload-imagen-curso', { file: 'x' });
    expect(json.status).toBe(415);
  });

  it('stores an image and a private video; the video is available at once and can be deleted', async () => {
    const img = await upload('/cloudinary/upload-imagen-curso', 'file', PNG_BYTES, 'foto.exe');
    expect(img.status).toBe(201);
    expect(img.body.public_id).toMatch(/^ImagenesCursos\/[0-9a-f-]{36}\.png$/);
    const video = await upload('/upload/video-privado', 'file', MP4_BYTES, 'clase.mp4', {
      title: 'Clase 1',
      description: 'd',
    });
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({
      status: 'available',
      url: `/api/files/private/${video.body.public_id}`,
    });
    const status = await call(t, token, 'get', `/upload/video-status/${video.body.videoId}`);
    expect(status.body).toEqual({ status: 'available' });
    const del = await call(t, token, 'post', '/upload/delete-video', { videoUrl: video.body.url });
    expect(del.status).toBe(204);
    await t.app.get(JobsService).drain(); // the files go by a job after the commit
    expect(existsSync(fileOf(true, video.body.public_id))).toBe(false);
    expect(await assetOf(video.body.public_id)).toBeUndefined();
    expect(
      (await call(t, token, 'post', '/upload/delete-video', { videoUrl: video.body.url })).status,
    ).toBe(404);
  });

  it('deletes a file no record uses, and refuses (409) one a saved course uses', async () => {
    const img = await upload('/cloudinary/upload-imagen-curso', 'file', PNG_BYTES, 'a.png');
    const pdf = await upload('/cloudinary/upload-pdf-publico', 'pdf', PDF_BYTES, 'a.pdf');
    const course = await call(t, token, 'post', '/courses', {
      ...courseBody(),
      image: text(img.body.url),
      image_public_id: text(img.body.public_id),
    });
    expect(course.status).toBe(201);
    const used = await call(t, token, 'delete', '/cloudinary/delete', {
      public_id: img.body.public_id,
      resource_type: 'image',
    });
    expect(used.status).toBe(409);
    expect(used.body.code).toBe(UPLOAD_ERRORS.inUse);
    const free = await call(t, token, 'delete', '/cloudinary/delete', {
      public_id: pdf.body.public_id,
    });
    expect(free.status).toBe(204);
    await t.app.get(JobsService).drain(); // the files go by a job after the commit
    expect(existsSync(fileOf(false, pdf.body.public_id))).toBe(false);
    expect(
      (await call(t, token, 'delete', '/cloudinary/delete', { public_id: 'pdfs/nada.pdf' })).status,
    ).toBe(404);
    const bad = await call(t, token, 'delete', '/cloudinary/delete', {
      public_id: '../x',
      resource_type: 'exe',
    });
    expect(bad.status).toBe(400);
  });

  describe('signed direct upload', () => {
    const sign = async (folder = 'ImagenesCursos') =>
      (
        await call(t, token, 'post', '/cloudinary/signature', {
          folder,
          timestamp: Math.floor(Date.now() / 1000),
        })
      ).body as SignatureResponse;
    const direct = (s: SignatureResponse, bytes: Buffer, over: Record<string, string> = {}) => {
      const req = server().post(s.upload_url);
      const fields = signedUploadFields(s, over);
      for (const [k, v] of Object.entries(fields)) void req.field(k, v);
      return req.attach('file', bytes, 'foto.png');
    };

    it('signs {folder, public_id, timestamp} and stores the file the signature names', async () => {
      const s = await sign();
      expect(s).toMatchObject({
        folder: 'ImagenesCursos',
        upload_url: '/api/files/upload',
        resource_type: 'image',
      });
      expect(s.signature).toMatch(/^[0-9a-f]{40}$/);
      const res = await direct(s, PNG_BYTES);
      expect(res.status).toBe(201);
      expect(res.body.public_id).toBe(`ImagenesCursos/${s.public_id}.png`);
      expect((await server().get(res.body.secure_url)).headers['content-type']).toBe('image/png');
      expect(await assetOf(res.body.public_id)).toMatchObject({
        createdBy: admin.id,
        status: 'available',
      });
      // a signature works once
      expect((await direct(s, PNG_BYTES)).status).toBe(401);
    });

    it('refuses a changed field, a forged signature, an old timestamp and wrong bytes', async () => {
      const s = await sign();
      const forged = await direct(s, PNG_BYTES, { signature: 'f'.repeat(40) });
      expect(forged.status).toBe(401);
      expect(forged.body.code).toBe(UPLOAD_ERRORS.signatureInvalid);
      expect((await direct(s, PNG_BYTES, { public_id: crypto.randomUUID() })).status).toBe(401);
      expect((await direct(s, PNG_BYTES, { folder: 'pdfs' })).status).toBe(401);
      expect((await direct(s, PNG_BYTES, { timestamp: String(s.timestamp - 1) })).status).toBe(401);
      expect((await direct(s, PDF_BYTES)).status).toBe(415);
      const stale = await call(t, token, 'post', '/cloudinary/signature', {
        folder: 'ImagenesCursos',
        timestamp: 1000,
      });
      expect(stale.status).toBe(400);
      const badFolder = await call(t, token, 'post', '/cloudinary/signature', {
        folder: '../x',
        timestamp: s.timestamp,
      });
      expect(badFolder.status).toBe(400);
    });
  });

  it('sweeps files no record points to once the grace period is over', async () => {
    const kept = await upload('/cloudinary/upload-pdf-privado', 'pdf', PDF_BYTES, 'k.pdf');
    const orphan = await upload('/cloudinary/upload-pdf-privado', 'pdf', PDF_BYTES, 'o.pdf');
    const course = await call(t, token, 'post', '/courses', courseBody('Curso con clase'));
    const cls = await call(t, token, 'post', `/course-classes/${course.body._id}`, {
      ...classBody(),
      pdfs: [
        { url: text(kept.body.url), public_id: text(kept.body.public_id), title: text('Guía') },
      ],
    });
    expect(cls.status).toBe(201);
    const sweeper = t.app.get(UploadsService);
    // within the grace period nothing goes
    expect(await sweeper.sweep(new Date())).not.toContain(orphan.body.public_id);
    expect(existsSync(fileOf(true, orphan.body.public_id))).toBe(true);
    const removed = await sweeper.sweep(new Date(Date.now() + 25 * 3_600_000));
    expect(removed).toContain(orphan.body.public_id);
    expect(removed).not.toContain(kept.body.public_id);
    expect(existsSync(fileOf(true, orphan.body.public_id))).toBe(false);
    expect(existsSync(fileOf(true, kept.body.public_id))).toBe(true);
    expect(await assetOf(kept.body.public_id)).toBeDefined();
  });
});
