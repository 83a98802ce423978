import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { SignatureResponse } from '@circo/shared-contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { jobs } from '../../src/database/tables/jobs.table.js';
import { uploadedAssets } from '../../src/database/schema.js';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { API_KEY, API_SECRET, CLOUD, cloudinaryStandIn } from '../support/cloudinary-stand-in.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import { call } from './admin-helpers.js';
import { MP4_BYTES, PDF_BYTES, PNG_BYTES, signedUploadFields } from './upload-files.js';

const VIMEO_TOKEN = 'vimeo-upload-token';

/** A local stand-in of the Vimeo API and its tus upload endpoint. */
function vimeoStandIn() {
  const uploads = new Map<
    string,
    { size: number; received: Buffer; body: Record<string, unknown> }
  >();
  const statuses = new Map<string, string>();
  const deletes: string[] = [];
  let failDeletes = false;
  let nextId = 777000;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = req.url ?? '';
      const tus = /^\/tus\/(\d+)$/.exec(url);
      if (tus) {
        const up = uploads.get(tus[1])!;
        const headers = { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(up.received.length) };
        if (req.method === 'HEAD') {
          return res.writeHead(200, { ...headers, 'Upload-Length': String(up.size) }).end();
        }
        up.received = Buffer.concat([up.received, raw]);
        return res
          .writeHead(204, { ...headers, 'Upload-Offset': String(up.received.length) })
          .end();
      }
      if (req.headers.authorization !== `Bearer ${VIMEO_TOKEN}`)
        return res.writeHead(401).end('{}');
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && url.startsWith('/me/videos')) {
        const body = JSON.parse(raw.toString() || '{}') as { upload: { size: number } };
        const id = String(nextId++);
        uploads.set(id, { size: body.upload.size, received: Buffer.alloc(0), body });
        statuses.set(id, 'transcoding');
        const { port } = server.address() as AddressInfo;
        return json(200, {
          uri: `/videos/${id}`,
          upload: { approach: 'tus', upload_link: `http://127.0.0.1:${port}/tus/${id}` },
        });
      }
      const video = /^\/videos\/(\d+)/.exec(url);
      if (video && req.method === 'DELETE') {
        deletes.push(video[1]);
        return failDeletes ? json(500, { error: 'boom' }) : res.writeHead(204).end();
      }
      if (video && statuses.has(video[1])) return json(200, { status: statuses.get(video[1]) });
      json(404, { error: 'not found' });
    });
  });
  return {
    server,
    uploads,
    statuses,
    deletes,
    failDeletes: (v: boolean) => (failDeletes = v),
  };
}

describe('admin uploads with Cloudinary and Vimeo configured (real SDKs, local stand-ins)', () => {
  let t: TestApp;
  let token: string;
  let cloud: Awaited<ReturnType<typeof cloudinaryStandIn>>;
  const vimeo = vimeoStandIn();
  const upload = (path: string, field: string, bytes: Buffer, name: string) =>
    request(t.app.getHttpServer())
      .post(`/api${path}`)
      .set('Authorization', `Bearer ${token}`)
      .field('title', 'Clase')
      .attach(field, bytes, name);
  const assetOf = async (publicId: string) =>
    (await t.db.select().from(uploadedAssets).where(eq(uploadedAssets.publicId, publicId)))[0];

  beforeAll(async () => {
    cloud = await cloudinaryStandIn();
    await new Promise<void>((resolve) => vimeo.server.listen(0, '127.0.0.1', resolve));
    const { port } = vimeo.server.address() as AddressInfo;
    t = await createTestApp(
      {
        cloudinaryUrl: `cloudinary://${API_KEY}:${API_SECRET}@${CLOUD}`,
        cloudinaryApiUrl: cloud.url,
        vimeoToken: VIMEO_TOKEN,
        vimeoApiUrl: `http://127.0.0.1:${port}`,
      },
      // a failed removal is retried 160-240 ms later here
      { JOBS_RETRY_MS: '200' },
    );
    token = await tokenFor(t, (await createUser(t.db, { role: 'admin' })) as never);
  });
  afterAll(async () => {
    await t?.close();
    await cloud?.app.close();
    await new Promise((resolve) => vimeo.server.close(resolve));
  });

  it('sends a private PDF to Cloudinary as an authenticated raw asset and deletes it there', async () => {
    const res = await upload('/cloudinary/upload-pdf-privado', 'pdf', PDF_BYTES, 'guia.pdf');
    expect(res.status).toBe(201);
    expect(res.body.public_id).toMatch(/^pdfs\/[0-9a-f-]{36}\.pdf$/);
    expect(res.body.url).toBe(
      `https://res.cloudinary.com/${CLOUD}/raw/authenticated/v1700000000/${res.body.public_id}`,
    );
    expect(cloud.assets.get(res.body.public_id)).toMatchObject({
      resourceType: 'raw',
      type: 'authenticated',
      bytes: PDF_BYTES,
    });
    expect(await assetOf(res.body.public_id)).toMatchObject({
      storage: 'cloudinary',
      private: true,
    });
    const del = await call(t, token, 'delete', '/cloudinary/delete', {
      public_id: res.body.public_id,
    });
    expect(del.status).toBe(204);
    await t.app.get(JobsService).drain(); // removed by a job after the commit
    expect(cloud.assets.has(res.body.public_id)).toBe(false);
    expect(await assetOf(res.body.public_id)).toBeUndefined();
  });

  it('sends a course image as an image, named without its extension', async () => {
    const res = await upload('/cloudinary/upload-imagen-curso', 'file', PNG_BYTES, 'foto.png');
    expect(res.status).toBe(201);
    expect(res.body.public_id).toMatch(/^ImagenesCursos\/[0-9a-f-]{36}$/);
    expect(cloud.assets.get(res.body.public_id)).toMatchObject({
      resourceType: 'image',
      type: 'upload',
    });
  });

  it('signs a direct upload that Cloudinary accepts, and that fails once a field is changed', async () => {
    const sig = await call(t, token, 'post', '/cloudinary/signature', {
      folder: 'ImagenesCursos',
      timestamp: Math.floor(Date.now() / 1000),
    });
    expect(sig.status).toBe(200);
    const s = sig.body as SignatureResponse;
    expect(s).toMatchObject({
      api_key: API_KEY,
      cloud_name: CLOUD,
      upload_url: `${cloud.url}/v1_1/${CLOUD}/image/upload`,
    });
    expect(JSON.stringify(s)).not.toContain(API_SECRET);
    const post = (over: Record<string, string> = {}) => {
      const fields = signedUploadFields(s, over);
      const req = request(s.upload_url).post('');
      for (const [k, v] of Object.entries(fields)) void req.field(k, v);
      return req.attach('file', PNG_BYTES, 'foto.png');
    };
    const ok = await post();
    expect(ok.status).toBe(200);
    expect(ok.body.public_id).toBe(`ImagenesCursos/${s.public_id}`);
    expect((await post({ folder: 'pdfs' })).status).toBe(401);
    // the reservation is recorded, so the sweep or a cancel can find it
    expect(await assetOf(`ImagenesCursos/${s.public_id}`)).toMatchObject({ storage: 'cloudinary' });
  });

  it('uploads a private video to Vimeo with the resumable (tus) upload and polls its status', async () => {
    const res = await upload('/upload/video-privado', 'file', MP4_BYTES, 'clase.mp4');
    expect(res.status).toBe(201);
    const id = res.body.videoId as string;
    expect(res.body).toMatchObject({ url: `https://vimeo.com/${id}`, status: 'processing' });
    const sent = vimeo.uploads.get(id)!;
    expect(sent.received.equals(MP4_BYTES)).toBe(true);
    expect(sent.body).toMatchObject({
      name: 'Clase',
      privacy: { view: 'disable' },
      upload: { approach: 'tus', size: MP4_BYTES.length },
    });
    expect((await call(t, token, 'get', `/upload/video-status/${id}`)).body).toEqual({
      status: 'processing',
    });
    vimeo.statuses.set(id, 'available');
    expect((await call(t, token, 'get', `/upload/video-status/${id}`)).body).toEqual({
      status: 'available',
    });
  });

  it('a failed delete on Vimeo is retried by its job: the local record goes at once', async () => {
    const res = await upload('/upload/video-promocional', 'file', MP4_BYTES, 'promo.mp4');
    expect(res.status).toBe(201);
    vimeo.failDeletes(true);
    const del = await call(t, token, 'post', '/upload/delete-video', { videoUrl: res.body.url });
    expect(del.status).toBe(204);
    expect(await assetOf(res.body.videoId)).toBeUndefined();
    const service = t.app.get(JobsService);
    await service.drain();
    const attempts = () => vimeo.deletes.filter((id) => id === res.body.videoId).length;
    expect(attempts()).toBeGreaterThanOrEqual(1);
    vimeo.failDeletes(false);
    // its retry comes due ~200 ms later
    const tried = attempts();
    for (let i = 0; i < 200 && attempts() === tried; i++) {
      await new Promise((r) => setTimeout(r, 10));
      await service.drain();
    }
    const removal = (await t.db.select().from(jobs)).filter(
      (j) => j.kind === 'uploads.remove-files' && j.lastError?.includes(res.body.videoId as string),
    );
    expect(removal).toEqual([expect.objectContaining({ status: 'done' })]);
  });
});
