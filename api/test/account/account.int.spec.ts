import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { AccountExport } from '@circo/shared-contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import {
  accessGrants,
  classProgress,
  paymentItems,
  payments,
  users,
} from '../../src/database/schema.js';
import {
  createCourse,
  createPayment,
  createPurchase,
  createUser,
  DEFAULT_PASSWORD,
} from '../support/factories.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from '../support/test-app.js';
import { allKeys, get, tokenFor } from '../catalog/catalog-helpers.js';

describe("a student's data: export and deletion", () => {
  let t: TestApp;
  beforeAll(async () => {
    // (deletion requests share the forgot-password limit: 5 a window per address)
    t = await createTestApp({ rateLimit: NO_RATE_LIMITS }, { JOBS_WORKER: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const del = (token: string, body: object = {}) =>
    request(t.app.getHttpServer())
      .delete('/api/users/me')
      .set('Authorization', `Bearer ${token}`)
      .send(body);

  /** A student who bought a course, did a class of it, and has access to it. */
  async function studentWithData() {
    const user = await createUser(t.db);
    const course = await createCourse(t.db, { classes: 2 });
    const payment = await createPayment(t.db, {
      userId: user.id,
      items: [{ type: 'course', id: course.id, priceCents: 3900 }],
    });
    await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: course.id });
    await t.db.insert(classProgress).values({
      userId: user.id,
      itemType: 'course',
      itemId: course.id,
      classId: course.classes[0].id,
    });
    return { user, course, payment, token: await tokenFor(t, user) };
  }

  /** The token of the newest confirmation e-mail to `email`. */
  function confirmationToken(email: string): string | undefined {
    const dir = join(t.config.dataDir, 'outbox');
    if (!existsSync(dir)) return undefined;
    const mails = readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; text: string })
      .filter((m) => m.to === email);
    const link = mails.at(-1)?.text.match(/https?:\/\/\S+\?eliminar-cuenta=(\S+)/)?.[1];
    return link ? decodeURIComponent(link) : undefined;
  }

  it("exports the student's rows and no one else's", async () => {
    const a = await studentWithData();
    const b = await studentWithData();
    const res = await get(t, '/users/me/export', a.token).expect(200);
    expect(res.headers['content-disposition']).toContain('mis-datos.json');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.body as AccountExport;
    expect(data.profile).toMatchObject({ id: a.user.id, email: a.user.email, role: 'user' });
    expect(data.access).toEqual([
      expect.objectContaining({ item_id: a.course.id, kind: 'admin_grant', title: a.course.title }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        id: a.payment.id,
        amount_cents: 3900,
        items: [expect.objectContaining({ itemId: a.course.id, priceCents: 3900 })],
      }),
    ]);
    expect(data.progress).toEqual([
      expect.objectContaining({ item_id: a.course.id, class_id: a.course.classes[0].id }),
    ]);
    const text = JSON.stringify(data);
    for (const other of [b.user.id, b.user.email, b.payment.id, b.course.id]) {
      expect(text).not.toContain(other);
    }
    expect([...allKeys(data)]).not.toContain('password_hash');
    await get(t, '/users/me/export').expect(401);
  });

  it('deletes the account once the e-mailed link confirms it: login gone, payments kept without a person', async () => {
    const s = await studentWithData();
    const asked = await del(s.token, { lang: 'en' }).expect(202);
    expect(asked.body).toEqual({ confirmation: 'sent' });
    // nothing is deleted before the confirmation
    expect(await t.db.select().from(users).where(eq(users.id, s.user.id))).toHaveLength(1);
    await t.app.get(JobsService).drain();
    const token = confirmationToken(s.user.email);
    expect(token).toBeTruthy();

    // a wrong or tampered token changes nothing
    const wrong = await del(s.token, { token: `${token}x` }).expect(400);
    expect(wrong.body.code).toBe('account.deletion_token_invalid');
    const other = await studentWithData();
    expect((await del(other.token, { token }).expect(400)).body.code).toBe(
      'account.deletion_token_invalid',
    );

    await del(s.token, { token }).expect(204);
    expect(await t.db.select().from(users).where(eq(users.id, s.user.id))).toEqual([]);
    expect(
      await t.db.select().from(accessGrants).where(eq(accessGrants.userId, s.user.id)),
    ).toEqual([]);
    // the accounting rows stay, without the person
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, s.payment.id));
    expect(payment).toMatchObject({ userId: null, amountCents: 3900, status: 'succeeded' });
    expect(
      await t.db.select().from(paymentItems).where(eq(paymentItems.paymentId, s.payment.id)),
    ).toHaveLength(1);
    // the login and the session are gone
    await request(t.app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: s.user.email, password: DEFAULT_PASSWORD })
      .expect(401);
    await get(t, '/users/me/export', s.token).expect(401);
    // the other student is untouched
    await get(t, '/users/me/export', other.token).expect(200);
  });

  it('keeps admin accounts (409) and refuses a malformed body (400)', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const token = await tokenFor(t, admin);
    expect((await del(token).expect(409)).body.code).toBe('account.admin_not_deletable');
    const student = await studentWithData();
    await del(student.token, { token: 42 }).expect(400);
    await del(student.token, { lang: 'de' }).expect(400);
    await del(student.token, { token: 'a.b.c' }).expect(400);
  });
});
