import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type {
  AdminPracticeClip,
  AdminPracticeClipsPage,
  PracticeClip,
  PracticeClipsResponse,
} from '@circo/shared-contracts';
import { accessGrants, practiceClips, users } from '../../src/database/schema.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { AccountService } from '../../src/modules/account/account.service.js';
import { filePathOf } from '../../src/modules/media/index.js';
import { createCourse, createPurchase, createUser } from '../support/factories.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from '../support/test-app.js';
import { get, NOT_FOUND_ID, tokenFor } from '../catalog/catalog-helpers.js';
import { ebmlFile } from '../support/webm.js';

const DEMO_MP4 = readFileSync(join(import.meta.dirname, '../../content/demo-media/clase-demo.mp4'));
const RECORDING = readFileSync(join(import.meta.dirname, '../fixtures/practice-recording.webm'));
const VOICE = readFileSync(join(import.meta.dirname, '../fixtures/voice-note.webm'));
const PDF = readFileSync(join(import.meta.dirname, '../../content/demo-media/ficha-demo.pdf'));

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

describe('practice feedback: clips, pinned comments with drawings, answered by e-mail', () => {
  let t: TestApp;
  const server = () => request(t.app.getHttpServer());
  const drain = () => t.app.get(JobsService).drain();

  beforeAll(async () => {
    // a 1 MB limit: the size refusal needs no large file (the demo clips are far smaller)
    t = await createTestApp(
      { rateLimit: NO_RATE_LIMITS },
      { PRACTICE_MAX_MB: '1', JOBS_WORKER: 'false' },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const outbox = (to: string): OutboxMail[] => {
    const dir = join(t.config.dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail)
      .filter((m) => m.to === to);
  };
  const fileOf = (publicId: string) => filePathOf(t.config.dataDir, 'private', publicId)!;
  const stored = async (clipId: string) =>
    (await t.db.select().from(practiceClips).where(eq(practiceClips.id, clipId)))[0];

  /** A course of two classes, its buyer, a student whose access expired, one refunded, a stranger. */
  async function setup() {
    const course = await createCourse(t.db, { classes: 2 });
    const buyer = await createUser(t.db);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    const expired = await createUser(t.db);
    await createPurchase(t.db, {
      userId: expired.id,
      itemType: 'course',
      itemId: course.id,
      expired: true,
    });
    const refunded = await createUser(t.db);
    const grant = await createPurchase(t.db, {
      userId: refunded.id,
      itemType: 'course',
      itemId: course.id,
    });
    await t.db.insert(accessGrants).values({
      userId: refunded.id,
      itemType: 'course',
      itemId: course.id,
      kind: 'revocation',
      startsAt: new Date(),
      expiresAt: new Date(),
      refundsGrantId: grant.id,
    });
    const other = await createUser(t.db);
    await createPurchase(t.db, { userId: other.id, itemType: 'course', itemId: course.id });
    const admin = await createUser(t.db, { role: 'admin' });
    return {
      course,
      cls: course.classes[0].id,
      buyer,
      token: await tokenFor(t, buyer),
      expiredToken: await tokenFor(t, expired),
      refundedToken: await tokenFor(t, refunded),
      other,
      otherToken: await tokenFor(t, other),
      strangerToken: await tokenFor(t, await createUser(t.db)),
      adminToken: await tokenFor(t, admin),
    };
  }

  function sendClip(
    token: string | null,
    fields: Record<string, string>,
    file: Buffer | null = DEMO_MP4,
    name = 'clip.mp4',
  ) {
    const req = server().post('/api/practice/clips');
    if (token) void req.set('Authorization', `Bearer ${token}`);
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    if (file) void req.attach('file', file, name);
    return req;
  }
  const comment = (token: string, clipId: string, body: unknown) =>
    server()
      .post(`/api/admin/practice/clips/${clipId}/comments`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const patch = (token: string, clipId: string, body: unknown) =>
    server()
      .patch(`/api/admin/practice/clips/${clipId}`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const del = (token: string, path: string) =>
    server().delete(`/api/${path}`).set('Authorization', `Bearer ${token}`);

  it('answers 401 without a session and 403 to a student on the teacher routes', async () => {
    const s = await setup();
    expect((await sendClip(null, { classId: s.cls })).status).toBe(401);
    await get(t, '/practice/clips').expect(401);
    await server().delete(`/api/practice/clips/${NOT_FOUND_ID}`).expect(401);
    await get(t, '/admin/practice/clips').expect(401);
    const res = await get(t, '/admin/practice/clips', s.token).expect(403);
    expect(res.body.code).toBe('auth.forbidden');
    await comment(s.token, NOT_FOUND_ID, { atSeconds: 1, text: 'x' }).expect(403);
    await patch(s.token, NOT_FOUND_ID, { status: 'answered' }).expect(403);
  });

  it('takes a file clip: duration, frame rate and codec from its container, stored privately, listed with a signed link', async () => {
    const s = await setup();
    const res = await sendClip(s.token, {
      classId: s.cls,
      note: '  My handstand, the knees bend  ',
      lang: 'en',
    }).expect(201);
    const clip = res.body as PracticeClip;
    expect(clip).toMatchObject({
      classId: s.cls,
      itemType: 'course',
      itemId: s.course.id,
      note: 'My handstand, the knees bend',
      source: 'file',
      status: 'pending',
      frameRate: 12,
      sizeBytes: DEMO_MP4.length,
      comments: [],
      answeredAt: null,
    });
    expect(clip.codec).toMatch(/^avc1/);
    expect(clip.video.seconds).toBeGreaterThan(1);
    expect(clip.video.contentType).toBe('video/mp4');
    expect(clip.video.url).toMatch(
      /^\/api\/files\/private\/practice\/[0-9a-f-]{36}\.mp4\?exp=\d+&sig=/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    // the file is on disk in the private folder and comes back through the link, byte for byte
    const row = await stored(clip._id);
    expect(row.lang).toBe('en');
    expect(readFileSync(fileOf(row.publicId)).equals(DEMO_MP4)).toBe(true);
    const file = await server().get(clip.video.url).buffer(true).expect(200);
    expect(Buffer.from(file.body as Buffer).equals(DEMO_MP4)).toBe(true);
    // nothing public, nothing guessable: without the signature, 403
    await server().get(clip.video.url.split('?')[0]).expect(403);

    const list = (await get(t, '/practice/clips', s.token).expect(200))
      .body as PracticeClipsResponse;
    expect(list).toMatchObject({ pending: 1, maxPending: 5, maxBytes: 1_048_576, maxSeconds: 180 });
    expect(list.clips.map((c) => c._id)).toEqual([clip._id]);
    const ofClass = await get(t, `/practice/clips?classId=${s.course.classes[1].id}`, s.token);
    expect(ofClass.body.clips).toEqual([]);
  });

  it("takes a recording from the practice player's camera (a WebM without a duration in its header)", async () => {
    const s = await setup();
    const res = await sendClip(
      s.token,
      { classId: s.cls, source: 'recording' },
      RECORDING,
      'intento.webm',
    ).expect(201);
    const clip = res.body as PracticeClip;
    expect(clip).toMatchObject({ source: 'recording', codec: 'V_VP8', width: 160, height: 120 });
    expect(clip.video.contentType).toBe('video/webm');
    expect(clip.video.seconds).toBeGreaterThan(1.5);
    expect(clip.video.seconds).toBeLessThan(2.6);
    expect(clip.frameRate).toBeGreaterThan(10);
  });

  it('refuses a file that is not a video, too large, too long, unreadable or only sound, and keeps nothing', async () => {
    const s = await setup();
    const before = readdirSync(join(t.config.dataDir, 'uploads/private/practice'), {
      withFileTypes: true,
    }).length;
    const pdf = await sendClip(s.token, { classId: s.cls }, PDF, 'clip.mp4').expect(415);
    expect(pdf.body.code).toBe('uploads.wrong_type');
    expect(pdf.body.message).toMatch(/MP4, MOV or WebM/);

    const big = Buffer.concat([ebmlFile({ seconds: 5, video: true }), Buffer.alloc(1_100_000)]);
    const large = await sendClip(s.token, { classId: s.cls }, big, 'big.webm').expect(413);
    expect(large.body).toMatchObject({ code: 'uploads.too_large', data: { maxBytes: 1_048_576 } });

    const long = await sendClip(
      s.token,
      { classId: s.cls },
      ebmlFile({ seconds: 200, video: true }),
      'long.webm',
    ).expect(400);
    expect(long.body).toMatchObject({
      code: 'practice_clips.too_long',
      data: { maxSeconds: 180, seconds: 200 },
    });
    expect(long.body.message).toMatch(/at most 180 s/);

    // an MP4 whose boxes end after its type: no movie to read
    const broken = Buffer.concat([DEMO_MP4.subarray(0, 32)]);
    const unreadable = await sendClip(s.token, { classId: s.cls }, broken, 'x.mp4').expect(400);
    expect(unreadable.body.code).toBe('practice_clips.unreadable');

    const sound = await sendClip(s.token, { classId: s.cls }, VOICE, 'voice.webm').expect(400);
    expect(sound.body.code).toBe('practice_clips.no_video');

    const missing = await sendClip(s.token, { classId: s.cls }, null).expect(400);
    expect(missing.body.code).toBe('uploads.file_missing');
    const json = await server()
      .post('/api/practice/clips')
      .set('Authorization', `Bearer ${s.token}`)
      .send({ classId: s.cls })
      .expect(415);
    expect(json.body.code).toBe('common.unsupported_media_type');

    for (const [fields, field] of [
      [{ classId: 'nope' }, 'classId'],
      [{}, 'classId'],
      [{ classId: s.cls, note: 'x'.repeat(1001) }, 'note'],
      [{ classId: s.cls, source: 'camera' }, 'source'],
      [{ classId: s.cls, lang: 'de' }, 'lang'],
      [{ classId: s.cls, extra: '1' }, 'extra'],
      [{ classId: s.cls, note: 'a\u0000b' }, 'note'],
    ] as const) {
      const res = await sendClip(s.token, fields).expect(400);
      expect(res.body.code).toBe('common.validation_failed');
      expect(res.body.errors[0].field).toBe(field);
    }
    // nothing was stored by any refusal, and the temporary files are gone
    const after = readdirSync(join(t.config.dataDir, 'uploads/private/practice')).length;
    expect(after).toBe(before);
    expect(readdirSync(join(t.config.dataDir, 'uploads/tmp'))).toEqual([]);
    expect((await get(t, '/practice/clips', s.token)).body.clips).toEqual([]);
  });

  it('refuses a clip on an expired or refunded item (403) and on an unknown class (404)', async () => {
    const s = await setup();
    for (const token of [s.expiredToken, s.refundedToken, s.strangerToken]) {
      const res = await sendClip(token, { classId: s.cls }).expect(403);
      expect(res.body.code).toBe('practice_clips.access_required');
      expect(res.body.message).toMatch(/active access/);
    }
    const res = await sendClip(s.token, { classId: NOT_FOUND_ID }).expect(404);
    expect(res.body.code).toBe('classes.not_found');
  });

  it("never shows or deletes another student's clip (404), while the teacher sees every one", async () => {
    const s = await setup();
    const mine = (await sendClip(s.token, { classId: s.cls }).expect(201)).body as PracticeClip;
    const list = await get(t, '/practice/clips', s.otherToken).expect(200);
    expect(list.body.clips).toEqual([]);
    expect(JSON.stringify(list.body)).not.toContain(mine._id);
    const res = await del(s.otherToken, `practice/clips/${mine._id}`).expect(404);
    expect(res.body.code).toBe('practice_clips.not_found');
    await del(s.otherToken, `practice/clips/${NOT_FOUND_ID}`).expect(404);
    expect(await stored(mine._id)).toBeDefined();
    // one student's clips (their admin page)
    const ofStudent = await get(t, `/admin/practice/clips?studentId=${s.buyer.id}`, s.adminToken);
    expect(ofStudent.body.clips.map((c: AdminPracticeClip) => c._id)).toEqual([mine._id]);
    expect(ofStudent.body.total).toBe(1);
    const ofOther = await get(t, `/admin/practice/clips?studentId=${s.other.id}`, s.adminToken);
    expect(ofOther.body.clips).toEqual([]);
    const one = await get(t, `/admin/practice/clips/${mine._id}`, s.adminToken).expect(200);
    expect(one.body).toMatchObject({
      _id: mine._id,
      student: { _id: s.buyer.id, email: s.buyer.email },
      itemTitle: s.course.title,
    });
    expect(one.body.classTitle.es).toBeTruthy();
  });

  it('lets a student have 5 clips waiting at most; an answered or deleted one makes room', async () => {
    const s = await setup();
    const short = ebmlFile({ seconds: 3, video: true });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          (await sendClip(s.token, { classId: s.cls }, short, 'c.webm').expect(201))
            .body as PracticeClip
        )._id,
      );
    }
    const sixth = await sendClip(s.token, { classId: s.cls }, short, 'c.webm').expect(409);
    expect(sixth.body).toMatchObject({
      code: 'practice_clips.too_many_pending',
      data: { maxPending: 5 },
    });
    // two at once when one place is left: one gets it
    await del(s.token, `practice/clips/${ids[0]}`).expect(204);
    const both = await Promise.all([
      sendClip(s.token, { classId: s.cls }, short, 'c.webm'),
      sendClip(s.token, { classId: s.cls }, short, 'c.webm'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // answered clips do not count
    await comment(s.adminToken, ids[1], { atSeconds: 1, text: 'Bien' }).expect(201);
    await patch(s.adminToken, ids[1], { status: 'answered' }).expect(200);
    await sendClip(s.token, { classId: s.cls }, short, 'c.webm').expect(201);
    expect((await get(t, '/practice/clips', s.token)).body.pending).toBe(5);
  });

  it('pins comments inside the clip, with drawings inside the frame, and refuses the rest (400)', async () => {
    const s = await setup();
    const clip = (
      await sendClip(
        s.token,
        { classId: s.cls },
        ebmlFile({ seconds: 10, video: true }),
        'c.webm',
      ).expect(201)
    ).body as PracticeClip;
    const angle = {
      kind: 'angle',
      points: [
        [0.42, 0.2],
        [0.5, 0.55],
        [0.48, 0.9],
      ],
    };
    const ok = await comment(s.adminToken, clip._id, {
      atSeconds: 7.25,
      text: 'Alinea hombro, cadera y tobillo',
      drawing: [
        angle,
        {
          kind: 'circle',
          points: [
            [0.5, 0.55],
            [0.56, 0.55],
          ],
        },
      ],
    }).expect(201);
    const first = (ok.body as AdminPracticeClip).comments[0]!;
    expect(first).toMatchObject({
      atSeconds: 7.25,
      text: 'Alinea hombro, cadera y tobillo',
      voice: null,
    });
    expect(first.drawing[0]).toEqual(angle);
    await comment(s.adminToken, clip._id, {
      atSeconds: 2,
      text: 'Dobla las rodillas antes',
    }).expect(201);
    // the end of the clip is inside it; a drawing alone is a comment
    await comment(s.adminToken, clip._id, {
      atSeconds: 10,
      drawing: [
        {
          kind: 'arrow',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    }).expect(201);

    const cases: Array<[unknown, string, string]> = [
      [{ atSeconds: 10.6, text: 'x' }, 'practice_clips.time_outside', 'atSeconds'],
      [{ atSeconds: -1, text: 'x' }, 'common.validation_failed', 'atSeconds'],
      [{ atSeconds: '3', text: 'x' }, 'common.validation_failed', 'atSeconds'],
      [{ text: 'x' }, 'common.validation_failed', 'atSeconds'],
      [
        {
          atSeconds: 1,
          drawing: [
            {
              kind: 'line',
              points: [
                [0.2, 0.2],
                [1.2, 0.5],
              ],
            },
          ],
        },
        'practice_clips.drawing_outside',
        'drawing',
      ],
      [
        {
          atSeconds: 1,
          drawing: [
            {
              kind: 'circle',
              points: [
                [-0.01, 0.5],
                [0.5, 0.5],
              ],
            },
          ],
        },
        'practice_clips.drawing_outside',
        'drawing',
      ],
      [
        {
          atSeconds: 1,
          drawing: [
            {
              kind: 'star',
              points: [
                [0, 0],
                [1, 1],
              ],
            },
          ],
        },
        'practice_clips.drawing_invalid',
        'drawing',
      ],
      [
        {
          atSeconds: 1,
          drawing: [
            {
              kind: 'angle',
              points: [
                [0, 0],
                [1, 1],
              ],
            },
          ],
        },
        'practice_clips.drawing_invalid',
        'drawing',
      ],
      [{ atSeconds: 1, drawing: 'circle' }, 'common.validation_failed', 'drawing'],
      [{ atSeconds: 1, drawing: Array(13).fill(angle) }, 'common.validation_failed', 'drawing'],
      [{ atSeconds: 1 }, 'practice_clips.empty_comment', 'text'],
      [{ atSeconds: 1, text: '   ' }, 'practice_clips.empty_comment', 'text'],
      [{ atSeconds: 1, text: 'x'.repeat(1001) }, 'common.validation_failed', 'text'],
      [{ atSeconds: 1, text: 'x', colour: 'red' }, 'common.validation_failed', 'colour'],
    ];
    for (const [body, code, field] of cases) {
      const res = await comment(s.adminToken, clip._id, body).expect(400);
      expect({ body, code: res.body.code }).toEqual({ body, code });
      expect(res.body.errors[0].field).toBe(field);
    }
    const notFound = await comment(s.adminToken, NOT_FOUND_ID, { atSeconds: 1, text: 'x' }).expect(
      404,
    );
    expect(notFound.body.code).toBe('practice_clips.not_found');

    // the student sees the comments in the order of the clip, drawings as sent
    const mine = (await get(t, '/practice/clips', s.token)).body as PracticeClipsResponse;
    expect(mine.clips[0]!.comments.map((c) => c.atSeconds)).toEqual([2, 7.25, 10]);
    expect(mine.clips[0]!.comments[1]!.drawing).toEqual(first.drawing);
  });

  it('keeps a voice note of at most 60 s on a comment; it goes with its comment', async () => {
    const s = await setup();
    const clip = (await sendClip(s.token, { classId: s.cls }).expect(201)).body as PracticeClip;
    const res = await server()
      .post(`/api/admin/practice/clips/${clip._id}/comments`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('atSeconds', '1.5')
      .field('text', 'Escucha')
      .field(
        'drawing',
        JSON.stringify([
          {
            kind: 'line',
            points: [
              [0.1, 0.1],
              [0.9, 0.1],
            ],
          },
        ]),
      )
      .attach('audio', VOICE, 'nota.webm')
      .expect(201);
    const c = (res.body as AdminPracticeClip).comments[0]!;
    expect(c).toMatchObject({ atSeconds: 1.5, text: 'Escucha' });
    expect(c.drawing).toHaveLength(1);
    expect(c.voice!.seconds).toBeGreaterThan(1);
    expect(c.voice!.seconds).toBeLessThanOrEqual(2.1);
    expect(c.voice!.url).toMatch(/^\/api\/files\/private\/practice\/.+\.webm\?exp=/);
    await server().get(c.voice!.url).expect(200);

    const long = await server()
      .post(`/api/admin/practice/clips/${clip._id}/comments`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('atSeconds', '1')
      .attach('audio', ebmlFile({ seconds: 61, video: false }), 'nota.webm')
      .expect(400);
    expect(long.body.code).toBe('practice_clips.voice_too_long');
    const notAudio = await server()
      .post(`/api/admin/practice/clips/${clip._id}/comments`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('atSeconds', '1')
      .attach('audio', PDF, 'nota.webm')
      .expect(415);
    expect(notAudio.body.code).toBe('uploads.wrong_type');
    const badJson = await server()
      .post(`/api/admin/practice/clips/${clip._id}/comments`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('atSeconds', '1')
      .field('drawing', '[{')
      .attach('audio', VOICE, 'nota.webm')
      .expect(400);
    expect(badJson.body.errors[0].field).toBe('drawing');

    // the comment and its voice note go together
    const voiceFile = fileOf(
      new URL(c.voice!.url, 'http://x').pathname.replace('/api/files/private/', ''),
    );
    expect(existsSync(voiceFile)).toBe(true);
    await del(s.adminToken, `admin/practice/clips/${clip._id}/comments/${c._id}`).expect(204);
    const again = await del(
      s.adminToken,
      `admin/practice/clips/${clip._id}/comments/${c._id}`,
    ).expect(404);
    expect(again.body.code).toBe('practice_clips.comment_not_found');
    await drain();
    expect(existsSync(voiceFile)).toBe(false);
  });

  it('marks a clip answered once it has a comment, e-mails the student in their language with a link, and lists it as answered', async () => {
    const s = await setup();
    const clip = (await sendClip(s.token, { classId: s.cls, lang: 'fr' }).expect(201))
      .body as PracticeClip;
    const empty = await patch(s.adminToken, clip._id, { status: 'answered' }).expect(409);
    expect(empty.body.code).toBe('practice_clips.no_comments');
    for (const body of [{}, { status: 'done' }, { status: 'answered', extra: 1 }]) {
      expect((await patch(s.adminToken, clip._id, body).expect(400)).body.code).toBe(
        'common.validation_failed',
      );
    }
    const queue = (await get(t, '/admin/practice/clips', s.adminToken).expect(200))
      .body as AdminPracticeClipsPage;
    expect(queue.status).toBe('pending');
    expect(queue.clips.map((c) => c._id)).toContain(clip._id);
    // oldest first
    const times = queue.clips.map((c) => c.createdAt);
    expect([...times].sort()).toEqual(times);

    await comment(s.adminToken, clip._id, { atSeconds: 1, text: 'Très bien' }).expect(201);
    const done = await patch(s.adminToken, clip._id, { status: 'answered' }).expect(200);
    expect(done.body).toMatchObject({ status: 'answered' });
    expect(Date.parse(done.body.answeredAt)).toBeGreaterThan(Date.now() - 60_000);
    // twice: still one e-mail
    await patch(s.adminToken, clip._id, { status: 'answered' }).expect(200);
    await drain();
    const mails = outbox(s.buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Votre professeure a répondu/);
    expect(mails[0]!.text).toContain(
      `/mis-cursos/curso/${s.course.id}?class=${s.cls}&clip=${clip._id}`,
    );

    const answered = (await get(t, '/admin/practice/clips?status=answered', s.adminToken))
      .body as AdminPracticeClipsPage;
    expect(answered.clips[0]!._id).toBe(clip._id);
    const pending = (await get(t, '/admin/practice/clips?status=pending', s.adminToken))
      .body as AdminPracticeClipsPage;
    expect(pending.clips.map((c) => c._id)).not.toContain(clip._id);
    for (const q of ['status=done', 'page=0', 'page=x', 'other=1', 'studentId=x']) {
      expect((await get(t, `/admin/practice/clips?${q}`, s.adminToken)).status).toBe(400);
    }
    expect((await get(t, '/admin/practice/clips/not-an-id', s.adminToken)).status).toBe(400);
    expect((await get(t, `/admin/practice/clips/${NOT_FOUND_ID}`, s.adminToken)).status).toBe(404);
    // back to pending and answered again with nothing new: the student was already told
    await patch(s.adminToken, clip._id, { status: 'pending' }).expect(200);
    await patch(s.adminToken, clip._id, { status: 'answered' }).expect(200);
    await drain();
    expect(outbox(s.buyer.email)).toHaveLength(1);
    // a new comment makes a new answer: a new e-mail
    await patch(s.adminToken, clip._id, { status: 'pending' }).expect(200);
    await comment(s.adminToken, clip._id, { atSeconds: 2, text: 'Encore mieux' }).expect(201);
    await patch(s.adminToken, clip._id, { status: 'answered' }).expect(200);
    await drain();
    expect(outbox(s.buyer.email)).toHaveLength(2);
  });

  it("deletes a clip's file and voice notes with the clip", async () => {
    const s = await setup();
    const clip = (await sendClip(s.token, { classId: s.cls }).expect(201)).body as PracticeClip;
    await server()
      .post(`/api/admin/practice/clips/${clip._id}/comments`)
      .set('Authorization', `Bearer ${s.adminToken}`)
      .field('atSeconds', '1')
      .attach('audio', VOICE, 'nota.webm')
      .expect(201);
    const row = await stored(clip._id);
    const voice = (await get(t, '/practice/clips', s.token)).body.clips[0].comments[0].voice
      .url as string;
    const files = [
      fileOf(row.publicId),
      fileOf(voice.split('?')[0]!.replace('/api/files/private/', '')),
    ];
    expect(files.every((f) => existsSync(f))).toBe(true);
    await del(s.token, `practice/clips/${clip._id}`).expect(204);
    expect(await stored(clip._id)).toBeUndefined();
    await drain();
    expect(files.map((f) => existsSync(f))).toEqual([false, false]);
    await del(s.token, `practice/clips/${clip._id}`).expect(404);
  });

  it("deletes a student's clips and their files with the account", async () => {
    const s = await setup();
    const clip = (await sendClip(s.token, { classId: s.cls }).expect(201)).body as PracticeClip;
    const file = fileOf((await stored(clip._id)).publicId);
    expect(existsSync(file)).toBe(true);
    // her data export lists it, with the teacher's comments
    await comment(s.adminToken, clip._id, { atSeconds: 1, text: 'Arms straight' }).expect(201);
    const exported = await get(t, '/users/me/export', s.token).expect(200);
    expect(exported.body.practiceClips).toEqual([
      expect.objectContaining({
        id: clip._id,
        class_id: s.cls,
        status: 'pending',
        comments: [
          expect.objectContaining({ at_seconds: 1, text: 'Arms straight', voice_note: false }),
        ],
      }),
    ]);
    // the confirmed deletion (the e-mailed link is checked in account.int.spec.ts)
    const account = t.app.get(AccountService);
    const [u] = await t.db.select().from(users).where(eq(users.id, s.buyer.id));
    await (
      account as unknown as {
        confirmDeletion(user: unknown, token: string): Promise<void>;
        sign(c: { u: string; v: number; exp: number }): string;
      }
    ).confirmDeletion(
      { id: s.buyer.id, role: 'user' },
      (account as unknown as { sign(c: { u: string; v: number; exp: number }): string }).sign({
        u: s.buyer.id,
        v: u!.tokenVersion,
        exp: Date.now() + 60_000,
      }),
    );
    expect(await stored(clip._id)).toBeUndefined();
    await drain();
    expect(existsSync(file)).toBe(false);
  });
});
