import cloudinary from 'cloudinary';
import type { PrivateMediaResponse, PrivateVideoResponse } from '@circo/shared-contracts';
import { classMedia, uploadedAssets } from '../../src/database/schema.js';
import { createCourse, createPurchase, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';
import { VIMEO_TOKEN, vimeoStandIn } from '../support/vimeo-stand-in.js';

const API_KEY = '123456789012345';
const API_SECRET = 'stand-in-secret-abcdefghijkl';

describe('private media with Cloudinary and Vimeo configured (real SDKs, local stand-in)', () => {
  let t: TestApp;
  const vimeo = vimeoStandIn();
  beforeAll(async () => {
    const vimeoApiUrl = await vimeo.listen();
    t = await createTestApp({
      cloudinaryUrl: `cloudinary://${API_KEY}:${API_SECRET}@demo-cloud`,
      vimeoToken: VIMEO_TOKEN,
      vimeoApiUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await vimeo.close();
  });

  async function courseClassWith(
    media: Array<{ kind: 'pdf' | 'video'; url: string; publicId: string | null }>,
  ) {
    const course = await createCourse(t.db, { classes: 1 });
    const cls = course.classes[0];
    await t.db.insert(classMedia).values(
      media.map((m) => ({
        ownerKind: 'course_class' as const,
        courseClassId: cls.id,
        kind: m.kind,
        url: { es: m.url, en: m.url, fr: m.url },
        publicId: { es: m.publicId, en: m.publicId, fr: m.publicId },
      })),
    );
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    return { cls, token: await tokenFor(t, buyer) };
  }

  it("answers the admin's preview of an authenticated PDF as a signed, expiring Cloudinary download URL", async () => {
    const publicId = `pdfs/${crypto.randomUUID()}.pdf`;
    await t.db.insert(uploadedAssets).values({
      publicId,
      resourceType: 'raw',
      url: `https://res.cloudinary.com/demo-cloud/raw/authenticated/${publicId}`,
      private: true,
      storage: 'cloudinary',
    });
    const { cls } = await courseClassWith([
      { kind: 'pdf', url: 'https://res.cloudinary.com/x', publicId },
    ]);
    // a student gets a stamped copy through our own link (stamped-pdfs.int.spec.ts)
    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const res = await get(t, `/cloudinary/pdf-curso-privado/${cls.id}/0/en`, admin).expect(200);
    const body = res.body as PrivateMediaResponse;
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://api.cloudinary.com/v1_1/demo-cloud/raw/download',
    );
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      public_id: publicId,
      type: 'authenticated',
      api_key: API_KEY,
      attachment: 'false',
    });
    expect(Number(params.expires_at) * 1000).toBe(Date.parse(body.expiresAt!));
    expect(Number(params.expires_at) - Number(params.timestamp)).toBe(600);
    // the signature is the SDK's own over every other parameter, with the API secret
    const { signature, api_key: _key, ...signed } = params;
    expect(signature).toBe(cloudinary.v2.utils.api_sign_request(signed, API_SECRET));
    expect(
      cloudinary.v2.utils.api_sign_request({ ...signed, expires_at: '1' }, API_SECRET),
    ).not.toBe(signature);
  });

  it('answers the Vimeo player URL of a video and asks Vimeo for its status', async () => {
    vimeo.videos.set('76979871', { status: 'transcoding' });
    const { cls, token } = await courseClassWith([
      { kind: 'video', url: 'https://vimeo.com/76979871', publicId: null },
    ]);
    const res = await get(t, `/upload/video/${cls.id}/0/es`, token).expect(200);
    expect(res.body as PrivateVideoResponse).toMatchObject({
      url: 'https://player.vimeo.com/video/76979871',
      provider: 'vimeo',
      videoId: '76979871',
    });
    expect((await get(t, '/upload/video-status/76979871', token).expect(200)).body).toEqual({
      status: 'processing',
    });
    vimeo.videos.set('76979871', { status: 'available' });
    expect((await get(t, '/upload/video-status/76979871', token).expect(200)).body).toEqual({
      status: 'available',
    });
    const last = vimeo.seen.at(-1)!;
    expect(last.url).toBe('/videos/76979871?fields=status');
    expect((await get(t, '/upload/video-status/11111', token).expect(404)).body.code).toBe(
      'media.video_not_found',
    );
    await get(t, '/upload/video-status/76979871').expect(401);
  });

  it('reports an unreachable Vimeo as 503, not 500', async () => {
    const other = await createTestApp({
      vimeoToken: VIMEO_TOKEN,
      vimeoApiUrl: 'http://127.0.0.1:9',
    });
    try {
      const token = await tokenFor(other, await createUser(other.db));
      const res = await get(other, '/upload/video-status/123', token).expect(503);
      expect(res.body.code).toBe('media.provider_unavailable');
    } finally {
      await other.close();
    }
  });
});
