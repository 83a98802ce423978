import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { PracticeClip } from '@circo/shared-contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { createCourse, createPurchase, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { API_KEY, API_SECRET, CLOUD, cloudinaryStandIn } from '../support/cloudinary-stand-in.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';

const DEMO_MP4 = readFileSync(join(import.meta.dirname, '../../content/demo-media/clase-demo.mp4'));
const VOICE = readFileSync(join(import.meta.dirname, '../fixtures/voice-note.webm'));

describe('practice clips with Cloudinary configured', () => {
  let t: TestApp;
  let cloud: Awaited<ReturnType<typeof cloudinaryStandIn>>;

  beforeAll(async () => {
    cloud = await cloudinaryStandIn();
    t = await createTestApp(
      {
        cloudinaryUrl: `cloudinary://${API_KEY}:${API_SECRET}@${CLOUD}`,
        cloudinaryApiUrl: cloud.url,
      },
      { JOBS_WORKER: 'false' },
    );
  });
  afterAll(async () => {
    await t?.close();
    await cloud?.app.close();
  });

  it('stores a clip and its voice notes as authenticated videos, links them signed and expiring, and destroys them with the clip', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const student = await createUser(t.db);
    await createPurchase(t.db, { userId: student.id, itemType: 'course', itemId: course.id });
    const token = await tokenFor(t, student);
    const adminToken = await tokenFor(t, await createUser(t.db, { role: 'admin' }));

    const res = await request(t.app.getHttpServer())
      .post('/api/practice/clips')
      .set('Authorization', `Bearer ${token}`)
      .field('classId', course.classes[0].id)
      .attach('file', DEMO_MP4, 'clip.mp4')
      .expect(201);
    const clip = res.body as PracticeClip;
    // uploaded without its extension (it becomes the format), private
    const remoteId = new URL(clip.video.url).searchParams.get('public_id')!;
    expect(remoteId).toMatch(/^practice\/[0-9a-f-]{36}$/);
    expect(cloud.assets.get(remoteId)).toMatchObject({
      resourceType: 'video',
      type: 'authenticated',
    });
    expect(cloud.assets.get(remoteId)!.bytes.equals(DEMO_MP4)).toBe(true);
    // Cloudinary's signed, expiring private download of the video
    const link = new URL(clip.video.url);
    expect(link.pathname).toBe(`/v1_1/${CLOUD}/video/download`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      format: 'mp4',
      type: 'authenticated',
      api_key: API_KEY,
    });
    expect(Date.parse(clip.video.expiresAt!)).toBeGreaterThan(Date.now());
    expect(clip.frameRate).toBe(12);

    await request(t.app.getHttpServer())
      .post(`/api/admin/practice/clips/${clip._id}/comments`)
      .set('Authorization', `Bearer ${adminToken}`)
      .field('atSeconds', '1')
      .attach('audio', VOICE, 'nota.webm')
      .expect(201);
    const listed = (await get(t, '/practice/clips', token)).body.clips[0] as PracticeClip;
    const voiceId = new URL(listed.comments[0]!.voice!.url).searchParams.get('public_id')!;
    expect(cloud.assets.has(voiceId)).toBe(true);

    await request(t.app.getHttpServer())
      .delete(`/api/practice/clips/${clip._id}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(204);
    await t.app.get(JobsService).drain();
    expect(cloud.assets.has(remoteId)).toBe(false);
    expect(cloud.assets.has(voiceId)).toBe(false);
  });
});
