import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { jobs } from '../../src/database/tables/jobs.table.js';
import { payments } from '../../src/database/tables/payments.table.js';
import { accessReminders } from '../../src/database/tables/reminders.table.js';
import { RemindersService } from '../../src/modules/reminders/reminders.service.js';
import { users } from '../../src/database/tables/users.table.js';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createServerDatabase, createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';

const DAY = 86_400_000;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The e-mails the outbox holds for `to`. */
function outbox(t: TestApp, to: string): OutboxMail[] {
  const dir = join(t.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail)
    .filter((m) => m.to === to);
}

/** A student with an item in each reminder window, and two outside them. */
async function studentWithEveryKind(t: TestApp) {
  const student = await createUser(t.db, { name: 'Lola' });
  const now = Date.now();
  const items = [];
  for (const ends of [20 * DAY, 5 * DAY, 12 * 3_600_000, -2 * DAY, -20 * DAY, 60 * DAY]) {
    const course = await createCourse(t.db);
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: course.id,
      expiresAt: new Date(now + ends),
    });
    items.push(course);
  }
  return { student, items };
}

describe('access reminders', () => {
  let t: TestApp;
  beforeAll(async () => {
    // jobs run when the test drains them, not on their own after each commit
    t = await createTestApp({}, { JOBS_WORKER: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails 30, 7 and 1 days before the end and once it ended, each once, with renew and stop links', async () => {
    const { student, items } = await studentWithEveryKind(t);
    const reminders = t.app.get(RemindersService);
    await reminders.scan();
    await reminders.scan(); // a second look finds nothing new
    await t.app.get(JobsService).drain();

    const rows = await t.db
      .select()
      .from(accessReminders)
      .where(eq(accessReminders.userId, student.id));
    expect(rows.map((r) => [r.itemId, r.daysBefore]).sort()).toEqual(
      [
        [items[0].id, 30],
        [items[1].id, 7],
        [items[2].id, 1],
        [items[3].id, 0],
      ].sort(),
    );
    const mails = outbox(t, student.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Tu acceso a «${items[0].title.es}» termina en 30 días`,
        `Tu acceso a «${items[1].title.es}» termina en 7 días`,
        `Tu acceso a «${items[2].title.es}» termina en 1 día`,
        `Tu acceso a «${items[3].title.es}» terminó`,
      ].sort(),
    );
    const ended = mails.find((m) => m.subject.endsWith('terminó'))!;
    expect(ended.text).toContain('Hola Lola');
    expect(ended.text).toContain(`${t.config.publicUrl}/pago-embed?renovar=course:${items[3].id}`);
    expect(ended.headers?.['List-Unsubscribe']).toMatch(/\/api\/reminders\/opt-out\?u=/);
    expect(ended.html).toContain('dejar de recibir avisos de vencimiento');
  });

  it('writes in the language the student last paid in', async () => {
    const student = await createUser(t.db, { name: 'Ann' });
    const course = await createCourse(t.db);
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: course.id,
      expiresAt: new Date(Date.now() + 3 * DAY),
    });
    await t.db.insert(payments).values({
      userId: student.id,
      provider: 'local',
      providerPaymentId: `pi_test_en_${student.id}`,
      amountCents: 1000,
      status: 'succeeded',
      lang: 'en',
    });
    await t.app.get(RemindersService).scan();
    await t.app.get(JobsService).drain();
    expect(outbox(t, student.email).map((m) => m.subject)).toEqual([
      `Your access to “${course.title.en}” ends in 7 days`,
    ]);
  });

  it('sends none to a student who opted out, in the account or by the link in a reminder', async () => {
    const inAccount = await createUser(t.db);
    const byLink = await createUser(t.db);
    const formation = await createFormationWithModules(t.db);
    for (const u of [inAccount, byLink]) {
      await createPurchase(t.db, {
        userId: u.id,
        itemType: 'formation',
        itemId: formation.id,
        expiresAt: new Date(Date.now() + 25 * DAY),
      });
    }
    const token = await tokenFor(t, inAccount);
    expect((await get(t, '/users/me/preferences', token).expect(200)).body).toEqual({
      reminders: true,
    });
    const put = await request(t.app.getHttpServer())
      .put('/api/users/me/preferences')
      .set('Authorization', `Bearer ${token}`)
      .send({ reminders: false })
      .expect(200);
    expect(put.body).toEqual({ reminders: false });
    await request(t.app.getHttpServer())
      .put('/api/users/me/preferences')
      .set('Authorization', `Bearer ${token}`)
      .send({ reminders: 'no' })
      .expect(400);

    const reminders = t.app.get(RemindersService);
    const link = new URL(reminders.optOutLink(byLink.id, 'fr'));
    const page = await request(t.app.getHttpServer())
      .get(`${link.pathname}${link.search}`)
      .expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('vous ne recevrez plus de rappels');
    // a link with another user's id (or no signature) changes nothing
    const forged = await request(t.app.getHttpServer())
      .get(`/api/reminders/opt-out?u=${inAccount.id}&s=${link.searchParams.get('s')}`)
      .expect(400);
    expect(forged.body.code).toBe('reminders.bad_link');
    await request(t.app.getHttpServer()).post(`/api/reminders/opt-out?u=${byLink.id}`).expect(400);

    await reminders.scan();
    await t.app.get(JobsService).drain();
    expect(outbox(t, inAccount.email)).toEqual([]);
    expect(outbox(t, byLink.email)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, byLink.id));
    expect(row.remindersOptOut).toBe(true);
  });

  it('does not send a reminder the access outgrew before it went out (renewed, extended)', async () => {
    const student = await createUser(t.db);
    const course = await createCourse(t.db);
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: course.id,
      expiresAt: new Date(Date.now() + 6 * DAY),
    });
    const jobsService = t.app.get(JobsService);
    const reminders = t.app.get(RemindersService);
    // the mail job is written (this instance runs jobs only when drained), then the access is
    // extended before it runs
    expect(await reminders.scan()).toBe(1);
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: course.id,
      expiresAt: new Date(Date.now() + 200 * DAY),
    });
    await jobsService.drain();
    expect(outbox(t, student.email)).toEqual([]);
  });
});

describe('access reminders: off', () => {
  it('REMINDERS=false writes and sends none', async () => {
    const t = await createTestApp({}, { REMINDERS: 'false' });
    try {
      const { student } = await studentWithEveryKind(t);
      expect(await t.app.get(RemindersService).scan()).toBe(0);
      await t.app.get(JobsService).drain();
      expect(outbox(t, student.email)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('access reminders: two instances at the same moment', () => {
  // on PostgreSQL two API instances on one database; PGlite is one process, so there one instance
  // runs the scan twice at once
  const serverUrl = process.env.DATABASE_URL?.trim();
  let shared: Awaited<ReturnType<typeof createServerDatabase>> | null = null;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (serverUrl) {
      shared = await createServerDatabase(serverUrl);
      a = await createTestApp({}, {}, { databaseUrl: shared.url });
      b = await createTestApp({}, {}, { databaseUrl: shared.url });
    } else {
      a = await createTestApp();
      b = a;
    }
  });
  afterAll(async () => {
    await a?.close();
    if (b !== a) await b?.close();
    await shared?.drop();
  });

  it('sends each reminder once', async () => {
    const { student } = await studentWithEveryKind(a);
    const counts = await Promise.all([
      a.app.get(RemindersService).scan(),
      b.app.get(RemindersService).scan(),
      a.app.get(RemindersService).scan(),
      b.app.get(RemindersService).scan(),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(4);
    await Promise.all([a.app.get(JobsService).drain(), b.app.get(JobsService).drain()]);
    const rows = await a.db
      .select()
      .from(accessReminders)
      .where(eq(accessReminders.userId, student.id));
    expect(rows).toHaveLength(4);
    const sendJobs = await a.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          rows.map((r) => `reminder:${r.id}`),
        ),
      );
    expect(sendJobs.map((j) => [j.status, j.attempts])).toEqual(Array(4).fill(['done', 1]));
    const mails = [...outbox(a, student.email), ...(b === a ? [] : outbox(b, student.email))];
    expect(mails).toHaveLength(4);
  });
});
