import { randomUUID } from 'node:crypto';
import type { AdminWaitingWork, StudentDetail } from '@circo/shared-contracts';
import { practiceClips } from '../../src/database/schema.js';
import {
  createCourse,
  createFormationWithModules,
  createPayment,
  createUser,
} from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';

describe("the coach's waiting work and a student's payments", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const clip = (userId: string, status: 'pending' | 'answered') => ({
    userId,
    itemType: 'course' as const,
    itemId: randomUUID(),
    classId: randomUUID(),
    source: 'file' as const,
    status,
    storage: 'local' as const,
    publicId: `practice/${randomUUID()}.mp4`,
    contentType: 'video/mp4',
    sizeBytes: 1000,
    durationSeconds: 4,
    ...(status === 'answered' ? { answeredAt: new Date() } : {}),
  });

  it('counts the clips waiting for an answer (not the answered ones), for admins only', async () => {
    const before = (await get(t, '/admin/practice/clips/waiting', admin).expect(200))
      .body as AdminWaitingWork;
    const student = await createUser(t.db);
    await t.db
      .insert(practiceClips)
      .values([
        clip(student.id, 'pending'),
        clip(student.id, 'pending'),
        clip(student.id, 'answered'),
      ]);
    const res = await get(t, '/admin/practice/clips/waiting', admin).expect(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toEqual({ clips: before.clips + 2, total: before.total + 2 });

    const studentToken = await tokenFor(t, student);
    await get(t, '/admin/practice/clips/waiting', studentToken).expect(403);
    await get(t, '/admin/practice/clips/waiting', undefined).expect(401);
  });

  it("names what each payment bought, from the catalogue when the payment's row kept no title", async () => {
    const student = await createUser(t.db);
    const course = await createCourse(t.db);
    const formation = await createFormationWithModules(t.db);
    // the factory's rows keep no title, as payments recorded before titles were kept
    await createPayment(t.db, {
      userId: student.id,
      items: [
        { type: 'course', id: course.id },
        { type: 'formation', id: formation.id },
      ],
    });
    const detail = (await get(t, `/admin/students/${student.id}`, admin).expect(200))
      .body as StudentDetail;
    expect(detail.payments).toHaveLength(1);
    const titles = detail.payments[0]!.items.map((i) => [i.itemType, i.title]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['course', course.title],
        ['formation', formation.title],
      ]),
    );
  });
});
