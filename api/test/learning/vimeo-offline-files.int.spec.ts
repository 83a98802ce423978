import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { PrivateVideoResponse } from '@circo/shared-contracts';
import { classMedia } from '../../src/database/schema.js';
import { signPrivateLink } from '../../src/modules/media/signed-links.js';
import { createCourse, createPurchase, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { VIMEO_TOKEN, vimeoStandIn } from '../support/vimeo-stand-in.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';

// a Vimeo video whose account gives file links is downloadable for offline practice: the video's
// answer names our own signed link to its file, which streams Vimeo's bytes with ranges
describe('offline copies of Vimeo class videos (real SDK, local stand-in)', () => {
  let t: TestApp;
  const vimeo = vimeoStandIn();
  let nextId = 5550001;
  beforeAll(async () => {
    const apiUrl = await vimeo.listen();
    t = await createTestApp({ vimeoToken: VIMEO_TOKEN, vimeoApiUrl: apiUrl });
  });
  afterAll(async () => {
    await t?.close();
    await vimeo.close();
  });

  /** A bought course whose one class has the Vimeo video `video`; its buyer's token. */
  async function classWithVimeo(video: Parameters<typeof vimeo.videos.set>[1]) {
    const id = String((nextId += 1));
    vimeo.videos.set(id, video);
    const course = await createCourse(t.db, { classes: 1 });
    const cls = course.classes[0];
    const url = `https://vimeo.com/${id}`;
    await t.db.insert(classMedia).values({
      ownerKind: 'course_class' as const,
      courseClassId: cls.id,
      kind: 'video',
      url: { es: url, en: url, fr: url },
      publicId: { es: null, en: null, fr: null },
    });
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    return { id, cls, token: await tokenFor(t, buyer) };
  }

  /** GET of one of our file links, its body as bytes. */
  const fileReq = (url: string) => request(t.app.getHttpServer()).get(url).responseType('blob');

  const videoOf = async (classId: string, token: string) =>
    (await get(t, `/upload/video/${classId}/0/es`, token).expect(200)).body as PrivateVideoResponse;

  it("answers the 720p file as our signed link with its size, and streams Vimeo's bytes with ranges", async () => {
    const bytes = randomBytes(4096);
    const { id, cls, token } = await classWithVimeo({ status: 'available', bytes, files: true });
    const video = await videoOf(cls.id, token);
    expect(video).toMatchObject({
      url: `https://player.vimeo.com/video/${id}`,
      provider: 'vimeo',
      offlineFile: { bytes: 4096 },
    });
    expect(video.offlineFile!.url).toMatch(
      new RegExp(`^/api/files/private/vimeo/${id}\\.mp4\\?exp=\\d+&sig=[0-9a-f]{64}$`),
    );
    const asked = new URL(vimeo.seen.at(-1)!.url!, 'http://x');
    expect(asked.pathname).toBe(`/videos/${id}`);
    expect(asked.searchParams.get('fields')).toBe('files,download');

    const server = t.app.getHttpServer();
    const whole = await fileReq(video.offlineFile!.url).expect(200);
    expect(Buffer.compare(whole.body as Buffer, bytes)).toBe(0);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '4096',
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
    });
    expect(vimeo.fileRequests.at(-1)!.url).toMatch(
      new RegExp(`^/progressive/${id}/720/\\d+\\.mp4$`),
    );
    expect(vimeo.fileRequests.at(-1)!.range).toBeUndefined();

    const part = await fileReq(video.offlineFile!.url).set('Range', 'bytes=100-199').expect(206);
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(100, 200))).toBe(0);
    expect(part.headers['content-range']).toBe('bytes 100-199/4096');
    expect(part.headers['content-length']).toBe('100');
    expect(vimeo.fileRequests.at(-1)!.range).toBe('bytes=100-199');

    const tail = await fileReq(video.offlineFile!.url).set('Range', 'bytes=-10');
    expect(tail.status).toBe(206);
    expect(Buffer.compare(tail.body as Buffer, bytes.subarray(4086))).toBe(0);
    expect(tail.headers['content-range']).toBe('bytes 4086-4095/4096');

    const asksBefore = vimeo.fileRequests.length;
    const past = await fileReq(video.offlineFile!.url).set('Range', 'bytes=4096-');
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */4096');
    const head = await request(server).head(video.offlineFile!.url).expect(200);
    expect(head.headers['content-length']).toBe('4096');
    // neither a 416 nor a HEAD fetches the file from Vimeo
    expect(vimeo.fileRequests.length).toBe(asksBefore);
  });

  it('keeps the chosen file a while: a second answer does not ask Vimeo again', async () => {
    const { id, cls, token } = await classWithVimeo({
      status: 'available',
      bytes: randomBytes(64),
      files: true,
    });
    await videoOf(cls.id, token);
    const asks = () => vimeo.seen.filter((r) => r.url!.startsWith(`/videos/${id}?`)).length;
    expect(asks()).toBe(1);
    expect((await videoOf(cls.id, token)).offlineFile?.bytes).toBe(64);
    expect(asks()).toBe(1);
  });

  it('asks Vimeo for a fresh link when the one it gave has expired', async () => {
    const bytes = randomBytes(256);
    const { id, cls, token } = await classWithVimeo({ status: 'available', bytes, files: true });
    const { offlineFile } = await videoOf(cls.id, token);
    const first = vimeo.seen.filter((r) => r.url!.startsWith(`/videos/${id}?`)).length;
    vimeo.expireLinks();
    const res = await fileReq(offlineFile!.url).set('Range', 'bytes=0-15').expect(206);
    expect(Buffer.compare(res.body as Buffer, bytes.subarray(0, 16))).toBe(0);
    expect(vimeo.seen.filter((r) => r.url!.startsWith(`/videos/${id}?`)).length).toBe(first + 1);
  });

  it.each([
    ['gives no file links (a Basic account)', { status: 'available', files: false }],
    ['refuses the files (403)', { status: 'available', forbidFiles: true }],
  ])('answers no offline file when Vimeo %s: the video stays online only', async (_, v) => {
    const { id, cls, token } = await classWithVimeo(v);
    const video = await videoOf(cls.id, token);
    expect(video.provider).toBe('vimeo');
    expect(video).not.toHaveProperty('offlineFile');
    // even a well-signed link to its file finds nothing
    const link = signPrivateLink(
      t.config.mediaSigningKey,
      `vimeo/${id}.mp4`,
      Math.floor(Date.now() / 1000) + 60,
    );
    const res = await request(t.app.getHttpServer()).get(link).expect(404);
    expect(res.body.code).toBe('media.file_not_found');
  });

  it('gives the file to none but a student with access, and only through its own signed link', async () => {
    const { id, cls, token } = await classWithVimeo({
      status: 'available',
      bytes: randomBytes(32),
      files: true,
    });
    const stranger = await tokenFor(t, await createUser(t.db));
    const refused = await get(t, `/upload/video/${cls.id}/0/es`, stranger).expect(403);
    expect(JSON.stringify(refused.body)).not.toContain('/api/files/private/vimeo/');
    await get(t, `/upload/video/${cls.id}/0/es`).expect(401);

    const { url } = (await videoOf(cls.id, token)).offlineFile!;
    const server = t.app.getHttpServer();
    const other = url.replace(`/vimeo/${id}.mp4`, `/vimeo/${Number(id) + 1}.mp4`);
    expect((await request(server).get(other).expect(403)).body.code).toBe('media.link_invalid');
    const bare = url.split('?')[0];
    expect((await request(server).get(bare).expect(403)).body.code).toBe('media.link_invalid');
    const expired = signPrivateLink(t.config.mediaSigningKey, `vimeo/${id}.mp4`, 1_000_000_000);
    expect((await request(server).get(expired).expect(403)).body.code).toBe('media.link_expired');
  });
});
