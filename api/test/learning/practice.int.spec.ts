import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import type {
  ClassPositionResponse,
  PracticeLogResponse,
  PracticePreferences,
  PrivateVideoResponse,
} from '@circo/shared-contracts';
import { classPositions, practiceLog, uploadedAssets, users } from '../../src/database/schema.js';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, NOT_FOUND_ID, tokenFor } from '../catalog/catalog-helpers.js';
import { addClassMedia } from './learning-helpers.js';

const DEMO_VIDEO = readFileSync(
  join(import.meta.dirname, '../../content/demo-media/clase-demo.mp4'),
);
const isoDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('the practice player: positions, preferences, practice log', () => {
  let t: TestApp;
  const server = () => request(t.app.getHttpServer());
  const send = (method: 'put' | 'post', path: string, token: string | null, body: unknown) => {
    const req = server()[method](`/api${path}`);
    if (token) void req.set('Authorization', `Bearer ${token}`);
    return req.send(body as object);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A course of two classes and a formation, a buyer of the course, and strangers to it. */
  async function setup() {
    const course = await createCourse(t.db, { classes: 2 });
    const formation = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    const expired = await createUser(t.db);
    await createPurchase(t.db, {
      userId: expired.id,
      itemType: 'course',
      itemId: course.id,
      expired: true,
    });
    const stranger = await createUser(t.db);
    return {
      course,
      cls: course.classes[0].id,
      formationClass: formation.modules[0].classes[0].id,
      buyer,
      token: await tokenFor(t, buyer),
      expiredToken: await tokenFor(t, expired),
      strangerToken: await tokenFor(t, stranger),
    };
  }

  it('answers 401 without a session on every route', async () => {
    const s = await setup();
    const path = `/learning/classes/${s.cls}/position`;
    for (const res of [
      await get(t, path),
      await send('put', path, null, { seconds: 10 }),
      await get(t, '/learning/practice-log'),
      await send('post', '/learning/practice-log', null, { classId: s.cls, minutes: 10 }),
      await get(t, '/learning/practice-preferences'),
      await send('put', '/learning/practice-preferences', null, {}),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('auth.unauthorized');
    }
  });

  it('keeps the position of a class for its buyer, on any device, and overwrites it', async () => {
    const s = await setup();
    const path = `/learning/classes/${s.cls}/position`;
    const none = await get(t, path, s.token).expect(200);
    expect(none.body).toEqual({ classId: s.cls, seconds: null, video: 0, updatedAt: null });
    expect(none.headers['cache-control']).toBe('private, no-store');

    const put = await send('put', path, s.token, { seconds: 192.345 }).expect(200);
    expect(put.body).toMatchObject({ classId: s.cls, seconds: 192.3, video: 0 });
    await send('put', path, s.token, { seconds: 200, video: 1 }).expect(200);
    // another device (a new token of the same student) is offered the same place
    const again = await get(t, path, await tokenFor(t, s.buyer)).expect(200);
    const body = again.body as ClassPositionResponse;
    expect(body).toMatchObject({ seconds: 200, video: 1 });
    expect(Date.parse(body.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await t.db
      .select()
      .from(classPositions)
      .where(and(eq(classPositions.userId, s.buyer.id), eq(classPositions.classId, s.cls)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ itemType: 'course', itemId: s.course.id, seconds: 200 });
    // the other class has its own position
    expect(
      (await get(t, `/learning/classes/${s.course.classes[1].id}/position`, s.token).expect(200))
        .body.seconds,
    ).toBeNull();
  });

  it('refuses the classes of items without active access (403) and unknown classes (404)', async () => {
    const s = await setup();
    const path = `/learning/classes/${s.cls}/position`;
    for (const token of [s.strangerToken, s.expiredToken]) {
      for (const res of [
        await get(t, path, token),
        await send('put', path, token, { seconds: 5 }),
        await get(t, `/learning/practice-log?classId=${s.cls}`, token),
        await send('post', '/learning/practice-log', token, { classId: s.cls, minutes: 5 }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('classes.purchase_required');
      }
    }
    // the buyer of the course does not get the formation's class
    const other = await send('put', `/learning/classes/${s.formationClass}/position`, s.token, {
      seconds: 5,
    });
    expect(other.status).toBe(403);
    const unknown = await get(t, `/learning/classes/${NOT_FOUND_ID}/position`, s.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('classes.not_found');
    // nothing was written for them
    const written = await t.db
      .select()
      .from(classPositions)
      .where(eq(classPositions.classId, s.formationClass));
    expect(written).toEqual([]);
  });

  it('lets an admin keep positions of any class', async () => {
    const s = await setup();
    const admin = await createUser(t.db, { role: 'admin' });
    const res = await send(
      'put',
      `/learning/classes/${s.formationClass}/position`,
      await tokenFor(t, admin),
      { seconds: 12 },
    );
    expect(res.status).toBe(200);
    expect(res.body.seconds).toBe(12);
  });

  it('answers 400 with a code for bad positions, never a 500', async () => {
    const s = await setup();
    const path = `/learning/classes/${s.cls}/position`;
    const bad: unknown[] = [
      { seconds: -1 },
      { seconds: '12' },
      { seconds: null },
      {},
      { seconds: 1e9 },
      { seconds: 10, video: -1 },
      { seconds: 10, video: 1.5 },
      { seconds: 10, extra: true },
      [],
    ];
    for (const body of bad) {
      const res = await send('put', path, s.token, body);
      expect([res.status, res.body.code]).toEqual([400, 'common.validation_failed']);
      expect(typeof res.body.message).toBe('string');
    }
    const notId = await send('put', '/learning/classes/12/position', s.token, { seconds: 1 });
    expect([notId.status, notId.body.code]).toEqual([400, 'common.validation_failed']);
    const rows = await t.db.select().from(classPositions).where(eq(classPositions.classId, s.cls));
    expect(rows).toEqual([]);
  });

  it('logs practice per class with a total and a streak; My Courses gets minutes per item', async () => {
    const s = await setup();
    const first = await send('post', '/learning/practice-log', s.token, {
      classId: s.cls,
      minutes: 20,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ totalMinutes: 20, streakDays: 1 });
    await send('post', '/learning/practice-log', s.token, {
      classId: s.cls,
      minutes: 15,
      day: isoDay(-1),
    }).expect(201);
    await send('post', '/learning/practice-log', s.token, {
      classId: s.course.classes[1].id,
      minutes: 30,
    }).expect(201);

    const ofClass = (await get(t, `/learning/practice-log?classId=${s.cls}`, s.token).expect(200))
      .body as PracticeLogResponse;
    expect(ofClass.totalMinutes).toBe(35);
    expect(ofClass.streakDays).toBe(2);
    expect(ofClass.entries.map((e) => [e.minutes, e.day])).toEqual([
      [20, isoDay()],
      [15, isoDay(-1)],
    ]);
    const all = (await get(t, '/learning/practice-log', s.token).expect(200))
      .body as PracticeLogResponse;
    expect(all.totalMinutes).toBe(65);
    expect(all.items).toEqual([{ itemType: 'course', itemId: s.course.id, minutes: 65 }]);
    // another student's log is not this one's
    const stranger = (await get(t, '/learning/practice-log', s.strangerToken).expect(200))
      .body as PracticeLogResponse;
    expect(stranger).toEqual({ totalMinutes: 0, streakDays: 0, entries: [], items: [] });
    // the log is the student's data: it goes with the account
    await t.db.delete(users).where(eq(users.id, s.buyer.id));
    expect(await t.db.select().from(practiceLog).where(eq(practiceLog.classId, s.cls))).toEqual([]);
  });

  it('writes an entry sent again with its idempotency key once, and each student keeps their own keys', async () => {
    const s = await setup();
    const key = crypto.randomUUID();
    const entry = { classId: s.cls, minutes: 25, day: isoDay(), idempotencyKey: key };
    // the queue of a phone that was offline sends it, the answer is lost, it sends it again
    const first = await send('post', '/learning/practice-log', s.token, entry).expect(201);
    const again = await send('post', '/learning/practice-log', s.token, {
      ...entry,
      idempotencyKey: key.toUpperCase(),
    }).expect(201);
    expect(again.body).toEqual(first.body);
    expect((again.body as PracticeLogResponse).totalMinutes).toBe(25);
    const rows = await t.db
      .select()
      .from(practiceLog)
      .where(and(eq(practiceLog.userId, s.buyer.id), eq(practiceLog.classId, s.cls)));
    expect(rows.map((r) => [r.minutes, r.idempotencyKey])).toEqual([[25, key]]);
    // the same key naming another entry is refused, and writes nothing
    const reused = await send('post', '/learning/practice-log', s.token, { ...entry, minutes: 40 });
    expect([reused.status, reused.body.code]).toEqual([409, 'practice.idempotency_key_reused']);
    // entries without a key are each written; another student's key is theirs
    await send('post', '/learning/practice-log', s.token, { classId: s.cls, minutes: 5 }).expect(
      201,
    );
    await send('post', '/learning/practice-log', s.token, { classId: s.cls, minutes: 5 }).expect(
      201,
    );
    const other = await createUser(t.db);
    await createPurchase(t.db, { userId: other.id, itemType: 'course', itemId: s.course.id });
    const theirs = await send('post', '/learning/practice-log', await tokenFor(t, other), entry);
    expect([theirs.status, (theirs.body as PracticeLogResponse).totalMinutes]).toEqual([201, 25]);
    const mine = (await get(t, `/learning/practice-log?classId=${s.cls}`, s.token).expect(200))
      .body as PracticeLogResponse;
    expect(mine.totalMinutes).toBe(35);
    const bad = await send('post', '/learning/practice-log', s.token, {
      ...entry,
      idempotencyKey: 'not-a-key',
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'common.validation_failed']);
  });

  it('answers 400 for bad practice entries', async () => {
    const s = await setup();
    for (const body of [
      { classId: s.cls, minutes: 0 },
      { classId: s.cls, minutes: 601 },
      { classId: s.cls, minutes: 2.5 },
      { classId: s.cls, minutes: '10' },
      { classId: 'abc', minutes: 10 },
      { minutes: 10 },
      { classId: s.cls, minutes: 10, day: 'yesterday' },
      // not a day of the calendar
      { classId: s.cls, minutes: 10, day: '2026-02-30' },
    ]) {
      const res = await send('post', '/learning/practice-log', s.token, body);
      expect([res.status, res.body.code]).toEqual([400, 'common.validation_failed']);
    }
    for (const day of [isoDay(-5)]) {
      const res = await send('post', '/learning/practice-log', s.token, {
        classId: s.cls,
        minutes: 10,
        day,
      });
      expect([res.status, res.body.code]).toEqual([400, 'practice.day_out_of_range']);
    }
    const q = await get(t, '/learning/practice-log?classId=nope', s.token);
    expect([q.status, q.body.code]).toEqual([400, 'common.validation_failed']);
  });

  it('remembers speed, mirror, countdown and camera delay per student', async () => {
    const s = await setup();
    const path = '/learning/practice-preferences';
    expect((await get(t, path, s.token).expect(200)).body).toEqual({
      speed: 1,
      mirror: false,
      countdown: 0,
      cameraDelay: 0,
    });
    const chosen: PracticePreferences = { speed: 0.5, mirror: true, countdown: 5, cameraDelay: 3 };
    expect((await send('put', path, s.token, chosen).expect(200)).body).toEqual(chosen);
    expect((await get(t, path, await tokenFor(t, s.buyer)).expect(200)).body).toEqual(chosen);
    expect((await get(t, path, s.strangerToken).expect(200)).body.speed).toBe(1);
    for (const body of [
      { ...chosen, speed: 0.3 },
      { ...chosen, mirror: 'yes' },
      { ...chosen, countdown: 4 },
      { ...chosen, cameraDelay: 60 },
      { speed: 1 },
    ]) {
      const res = await send('put', path, s.token, body);
      expect([res.status, res.body.code]).toEqual([400, 'common.validation_failed']);
    }
  });

  it('reads the frame rate of an uploaded video and gives it with the class video', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const adminToken = await tokenFor(t, admin);
    const up = await server()
      .post('/api/upload/video-privado')
      .set('Authorization', `Bearer ${adminToken}`)
      .attach('file', DEMO_VIDEO, 'clase.mp4');
    expect(up.status).toBe(201);
    const [asset] = await t.db
      .select()
      .from(uploadedAssets)
      .where(eq(uploadedAssets.publicId, up.body.public_id));
    expect(asset.frameRate).toBe(12);
    const s = await setup();
    await addClassMedia(t, { courseClassId: s.cls }, 'video', up.body.public_id);
    const video = (await get(t, `/upload/video/${s.cls}/0/es`, s.token).expect(200))
      .body as PrivateVideoResponse;
    expect(video).toMatchObject({ provider: 'local', frameRate: 12 });
  });
});
