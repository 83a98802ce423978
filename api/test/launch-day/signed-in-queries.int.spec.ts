import { KeyObject, createHash, randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import type { MyCourseResponse, UserProfile } from '@circo/shared-contracts';
import { eq, sql } from 'drizzle-orm';
import {
  classProgress,
  courseClasses,
  jobs,
  passwordResetTokens,
  users,
} from '../../src/database/schema.js';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { recordStatements } from '../support/query-counter.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import { call, voucherBody } from '../admin/admin-helpers.js';

jest.setTimeout(120_000);

// Launch day: what a signed-in request costs the database. Every signed-in request
// reads its caller's account once (the guard), and the student area answers in a number of
// statements that does not grow with the items bought.

let t: TestApp;
beforeAll(async () => {
  // no job worker: its polls would add statements to the counts
  // nor the catalogue's version poll
  // nor the accounts version's (the tests below read it when they say so)
  t = await createTestApp(
    {
      catalogCache: { pollMs: 3_600_000, maxBytes: 64 * 1_048_576 },
      accountCache: { pollMs: 3_600_000, maxEntries: 100_000 },
    },
    { JOBS_WORKER: 'false' },
  );
});
afterAll(() => t?.close());

const api = () => request(t.app.getHttpServer());
/** statements that read or write the users table */
const onUsers = (sql: string[]) => sql.filter((s) => /\b(from|update|into)\s+"?users"?\b/i.test(s));

async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const rec = recordStatements(t.db);
  try {
    await run();
    return [...rec.statements];
  } finally {
    rec.stop();
  }
}

async function studentWith(courses: number) {
  const user = await createUser(t.db);
  const bought = [];
  for (let i = 0; i < courses; i++) {
    const course = await createCourse(t.db, { classes: 2 });
    await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: course.id });
    bought.push(course);
  }
  return { user, token: await tokenFor(t, user), bought };
}

describe('a signed-in request reads its account once', () => {
  it('GET /auth/perfil: one read of the account (the guard), one of the progress', async () => {
    const { user, token } = await studentWith(1);
    let body: UserProfile | undefined;
    const sql = await statementsOf(async () => {
      const res = await api()
        .get('/api/auth/perfil')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      body = res.body as UserProfile;
    });
    expect(body).toMatchObject({ _id: user.id, email: user.email, name: user.name });
    expect(onUsers(sql)).toHaveLength(1);
    expect(sql).toHaveLength(2);
  });

  it('the account read selects no password hash (it runs on every signed-in request)', async () => {
    const { token } = await studentWith(0);
    const sql = await statementsOf(() =>
      api().get('/api/learning/my-items?lang=es').set('Authorization', `Bearer ${token}`),
    );
    const [read] = onUsers(sql);
    expect(read).toBeDefined();
    expect(read).not.toMatch(/password_hash/);
  });

  it.each([
    ['GET /learning/my-items', (_id: string) => '/api/learning/my-items?lang=es'],
    ['GET /learning/courses/:id', (id: string) => `/api/learning/courses/${id}?lang=es`],
  ])('%s: one read of the account', async (_name, path) => {
    const { token, bought } = await studentWith(1);
    const sql = await statementsOf(() =>
      api().get(path(bought[0].id)).set('Authorization', `Bearer ${token}`).expect(200),
    );
    expect(onUsers(sql)).toHaveLength(1);
  });
});

describe('the accounts of signed-in requests are kept in memory', () => {
  const profile = (token: string) =>
    api().get('/api/auth/perfil').set('Authorization', `Bearer ${token}`);

  it('the next requests of a signed-in caller read no account', async () => {
    const { token, bought } = await studentWith(1);
    await profile(token).expect(200);
    const sql = await statementsOf(async () => {
      await profile(token).expect(200);
      await api()
        .get(`/api/learning/courses/${bought[0].id}?lang=es`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    });
    expect(onUsers(sql)).toEqual([]);
  });

  it('a password reset here ends the older session at once', async () => {
    const { user, token } = await studentWith(0);
    await profile(token).expect(200);
    // the link the forgotten-password mail carries (only its hash is stored)
    const link = randomBytes(32).toString('base64url');
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: createHash('sha256').update(link).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await api()
      .post(`/api/auth/reset-password/${link}`)
      .send({ newPassword: 'Another-pass-123' })
      .expect(200);
    await profile(token).expect(401);
  });

  it('a change committed elsewhere (another instance) ends the session at the next version read', async () => {
    const { user, token } = await studentWith(0);
    await profile(token).expect(200);
    // what a password reset on another instance commits: a new token version
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    await t.accountsChanged(); // what the poll timer does every ACCOUNT_CACHE_POLL_MS
    await profile(token).expect(401);
  });

  it('an account deleted elsewhere is refused at the next version read', async () => {
    const { user, token } = await studentWith(0);
    await profile(token).expect(200);
    await t.db.delete(users).where(eq(users.id, user.id));
    await t.accountsChanged();
    await profile(token).expect(401);
  });
});

describe("an item's structure is read once until the catalogue changes", () => {
  const onStructure = (sql: string[]) =>
    sql.filter((s) =>
      /\bfrom\s+"?(courses|course_classes|formations|formation_modules|formation_classes)"?/i.test(
        s,
      ),
    );

  it('a second look at a course, and marking its classes, read no course or class', async () => {
    const { user, token, bought } = await studentWith(1);
    const course = bought[0];
    const viewer = () =>
      api()
        .get(`/api/learning/courses/${course.id}?lang=es`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    await viewer();
    const again = await statementsOf(async () => {
      await viewer();
      for (const cls of course.classes) {
        await api()
          .post(`/api/users/${user.id}/progreso-curso/${course.id}`)
          .set('Authorization', `Bearer ${token}`)
          .send({ classId: cls.id })
          .expect(200);
      }
    });
    expect(onStructure(again)).toEqual([]);
  });

  it('a class added to a course shows in the viewer once the catalogue version is read', async () => {
    const { token, bought } = await studentWith(1);
    const course = bought[0];
    const viewer = async () =>
      (
        (
          await api()
            .get(`/api/learning/courses/${course.id}?lang=es`)
            .set('Authorization', `Bearer ${token}`)
            .expect(200)
        ).body as MyCourseResponse
      ).classes.map((c) => c.title.es);
    expect(await viewer()).toEqual(['Class 1 (es)', 'Class 2 (es)']);
    // written straight into the database, as another instance commits it
    await t.db.insert(courseClasses).values({
      courseId: course.id,
      position: 2,
      title: { es: 'Class 3 (es)', en: 'Class 3 (en)', fr: 'Class 3 (fr)' },
      content: { es: '', en: '', fr: '' },
      visible: course.visible,
    });
    await t.catalogChanged(); // what the poll timer does every CATALOG_CACHE_POLL_MS
    expect(await viewer()).toEqual(['Class 1 (es)', 'Class 2 (es)', 'Class 3 (es)']);
  });

  it('a formation: a second look and a marked class read no formation, module or class', async () => {
    const user = await createUser(t.db);
    const formation = await createFormationWithModules(t.db, { modules: 2, classesPerModule: 2 });
    await createPurchase(t.db, { userId: user.id, itemType: 'formation', itemId: formation.id });
    const token = await tokenFor(t, user);
    const viewer = () =>
      api()
        .get(`/api/learning/formations/${formation.id}?lang=es`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    await viewer();
    const again = await statementsOf(async () => {
      await viewer();
      await api()
        .post(`/api/users/${user.id}/progreso-formacion/${formation.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ classId: formation.modules[1].classes[0].id })
        .expect(200);
    });
    expect(onStructure(again)).toEqual([]);
  });
});

describe('marking a class is its access check and one statement (and the certificate job of the last one)', () => {
  it('mark and unmark: the access, then the change with the marks it leaves', async () => {
    const { user, token, bought } = await studentWith(1);
    const course = bought[0];
    const path = `/api/users/${user.id}/progreso-curso/${course.id}`;
    const [c1, c2] = course.classes;
    // the caller and the course are known to this instance after a first look
    await api()
      .get(`/api/learning/courses/${course.id}?lang=es`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    let marks: string[] = [];
    const mark = await statementsOf(async () => {
      await api().post(path).set('Authorization', `Bearer ${token}`).send({ classId: c1.id });
      const res = await api()
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .send({ classId: c2.id })
        .expect(200);
      marks = (res.body as { clasesCompletadas: string[] }).clasesCompletadas;
    });
    expect(marks).toEqual([c1.id, c2.id]);
    // each mark: the access, then the mark, one statement without a transaction; the mark that
    // completes the course writes its certificate's job in that statement
    expect(course.classes).toHaveLength(2);
    expect(mark).toHaveLength(4);
    // both marks carry the job's insert: only the one that completes the course writes it
    const checks = await t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'certificates.check'));
    expect(checks.filter((j) => j.payload.userId === user.id)).toHaveLength(1);
    const unmark = await statementsOf(async () => {
      const res = await api()
        .delete(`${path}/${c1.id}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      marks = (res.body as { clasesCompletadas: string[] }).clasesCompletadas;
    });
    expect(marks).toEqual([c2.id]);
    expect(unmark).toHaveLength(2);
  });

  it('a double tap on one class: both answers have it marked, and it is marked once', async () => {
    const { user, token, bought } = await studentWith(1);
    const course = bought[0];
    const path = `/api/users/${user.id}/progreso-curso/${course.id}`;
    const tap = () =>
      api()
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .send({ classId: course.classes[1].id })
        .expect(200);
    const answers = await Promise.all([tap(), tap(), tap()]);
    for (const res of answers) {
      expect((res.body as { clasesCompletadas: string[] }).clasesCompletadas).toEqual([
        course.classes[1].id,
      ]);
    }
    const rows = await t.db.select().from(classProgress).where(eq(classProgress.userId, user.id));
    expect(rows.map((r) => r.classId)).toEqual([course.classes[1].id]);
  });
});

describe('a checkout prices its cart with what the catalogue already told this instance', () => {
  const onCatalogue = (sql: string[]) =>
    sql.filter((s) => /\bfrom\s+"?(courses|formations|discounts|discount_targets)"?/i.test(s));
  const start = (token: string, id: string) =>
    api()
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', `Bearer ${token}`)
      .send({ items: [{ id, type: 'course' }] })
      .expect(201);

  it('a second checkout reads no course or voucher', async () => {
    const course = await createCourse(t.db);
    const first = await studentWith(0);
    const second = await studentWith(0);
    await start(first.token, course.id);
    const sql = await statementsOf(() => start(second.token, course.id));
    expect(onCatalogue(sql)).toEqual([]);
  });

  it('a voucher the admin makes here prices the next checkout at once', async () => {
    const course = await createCourse(t.db, { priceCents: 10_000 });
    const { token } = await studentWith(0);
    expect((await start(token, course.id)).body.amount).toBe(100);
    const admin = await createUser(t.db, { role: 'admin' });
    await call(t, await tokenFor(t, admin), 'post', '/discounts', voucherBody(course.id)).expect(
      201,
    );
    const after = await studentWith(0);
    expect((await start(after.token, course.id)).body.amount).toBe(80);
  });
});

it('verifies session tokens with a secret KeyObject (a string is first tried as a PEM key per call)', () => {
  const jwt = t.app.get(JwtService, { strict: false }) as unknown as {
    options: { secret?: unknown };
  };
  expect(jwt.options.secret).toBeInstanceOf(KeyObject);
  expect((jwt.options.secret as KeyObject).type).toBe('secret');
});

describe('the student area does not repeat statements per item', () => {
  it('My Courses: the same statements for one course bought as for five', async () => {
    const one = await studentWith(1);
    const five = await studentWith(5);
    const count = async (token: string) =>
      (
        await statementsOf(() =>
          api()
            .get('/api/learning/my-items?lang=es')
            .set('Authorization', `Bearer ${token}`)
            .expect(200),
        )
      ).length;
    expect(await count(five.token)).toBe(await count(one.token));
  });

  it('a course viewer and marking a class: a fixed number of statements', async () => {
    const { user, token, bought } = await studentWith(3);
    const course = bought[1];
    let detail: MyCourseResponse | undefined;
    const viewer = await statementsOf(async () => {
      const res = await api()
        .get(`/api/learning/courses/${course.id}?lang=es`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      detail = res.body as MyCourseResponse;
    });
    // account, course, its classes, the buyer's access to it, what the buyer marked
    expect(viewer.length).toBeLessThanOrEqual(5);
    const mark = await statementsOf(() =>
      api()
        .post(`/api/users/${user.id}/progreso-curso/${course.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ classId: detail!.classes[0]._id })
        .expect((res) => {
          if (![200, 201].includes(res.status)) console.log(res.body, detail);
        }),
    );
    // account, the class ids, the access, the insert, the marks
    expect(mark.length).toBeLessThanOrEqual(5);
  });
});

describe('the money path does not read the buyer access per item', () => {
  const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
  const onAccess = (sql: string[]) => sql.filter((s) => /\bcurrent_access\b/i.test(s));

  it('a cart of three: one read of the access to price it, one to register it', async () => {
    const { token } = await studentWith(0);
    const cart: Array<{ id: string; type: 'course' }> = [];
    for (let i = 0; i < 3; i++) cart.push({ id: (await createCourse(t.db)).id, type: 'course' });
    const post = (path: string, body: object) =>
      api().post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
    let intent = '';
    const start = await statementsOf(async () => {
      const res = await post('/stripe/crear-payment-intent', { items: cart }).expect(201);
      intent = res.body.paymentIntentId as string;
    });
    expect(onAccess(start)).toHaveLength(1);
    await post('/stripe/local/confirm', { paymentIntentId: intent, ...CARD }).expect(200);
    const again = await statementsOf(() =>
      post('/stripe/crear-payment-intent', { items: cart }).expect(409),
    );
    // everything owned now: still one read
    expect(onAccess(again)).toHaveLength(1);
  });
});

describe('a payment is read once per call, and one registered already takes no lock', () => {
  const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
  const onPayments = (sql: string[]) => sql.filter((s) => /\bfrom\s+"?payments"?\b/i.test(s));
  // the buyer's lock opens every transaction that registers a payment
  const locks = (sql: string[]) => sql.filter((s) => /pg_advisory_xact_lock/i.test(s));

  it('pay, then confirm: the confirm of a registered payment is three reads, and no card check', async () => {
    const { token } = await studentWith(0);
    const course = await createCourse(t.db, { classes: 1 });
    const post = (path: string, body: object) =>
      api().post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
    let paymentIntentId = '';
    const start = await statementsOf(async () => {
      const started = await post('/stripe/crear-payment-intent', {
        items: [{ id: course.id, type: 'course' }],
        billing: { name: 'Ada Lovelace', country: 'DE' },
      }).expect(201);
      paymentIntentId = started.body.paymentIntentId as string;
    });
    // the billing evidence and the buyer's details for next time: one statement
    expect(start.filter((s) => /"billing_profiles"|"payment_billing"/i.test(s))).toHaveLength(1);

    // the card paid: the payment is read once, then locked and registered in one transaction
    const pay = await statementsOf(() =>
      post('/stripe/local/confirm', { paymentIntentId, ...CARD }).expect(200),
    );
    expect(onPayments(pay).filter((s) => !/for update/i.test(s))).toHaveLength(1);
    expect(locks(pay)).toHaveLength(1);
    // the billing evidence comes with the payment's lock, the card's country with the invoice:
    // the provider's intent is read and paid once, and no evidence is read or written apart
    expect(pay.filter((s) => /from\s+"?local_provider_objects"?/i.test(s))).toHaveLength(1);
    expect(pay.filter((s) => /^\s*(select|update)\b[^]*"payment_billing"/i.test(s))).toHaveLength(
      1,
    );
    expect(pay.filter((s) => !/^\s*(begin|commit)\b/i.test(s)).length).toBeLessThanOrEqual(11);

    // the success page's confirm comes after: what it answers is what was registered
    let body: { outcome?: string; items?: Array<{ id: string }> } = {};
    const confirm = await statementsOf(async () => {
      const res = await post('/stripe/confirmar-compra-payment-intent', { paymentIntentId }).expect(
        200,
      );
      body = res.body as typeof body;
    });
    expect(body.outcome).toBe('registered');
    expect(body.items?.map((i) => i.id)).toEqual([course.id]);
    // the account, the payment, its grants and its items: no lock, no provider read
    expect(locks(confirm)).toHaveLength(0);
    expect(confirm.filter((s) => /for update/i.test(s))).toHaveLength(0);
    expect(confirm.filter((s) => /local_provider_objects/i.test(s))).toHaveLength(0);
    expect(confirm.length).toBeLessThanOrEqual(4);
  });
});
