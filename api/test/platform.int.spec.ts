import { jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { asConstraintViolation } from '../src/database/db-errors.js';
import { DATABASE_HANDLE, type DatabaseHandle } from '../src/database/database.js';
import {
  accessGrants,
  classProgress,
  courseClasses,
  courses,
  formations,
  passwordResetTokens,
  users,
} from '../src/database/schema.js';
import { TransactionHost } from '../src/database/transactions.js';
import { PurchasesService } from '../src/modules/purchases/purchases.service.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { verifyPassword } from '../src/modules/users/password.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  createCourse,
  createFormationWithModules,
  createPayment,
  createPurchase,
  createUser,
} from './support/factories.js';
import { NOT_FOUND_ID } from './catalog/catalog-helpers.js';

jest.setTimeout(60_000);

let t: TestApp;
let purchases: PurchasesService;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  purchases = t.app.get(PurchasesService, { strict: false });
});
afterAll(() => t?.close());

const api = () => request(t.app.getHttpServer());

async function login(email: string, password: string): Promise<string> {
  const res = await api().post('/api/auth/login').send({ email, password }).expect(200);
  return res.body.token as string;
}

const grantsOf = (userId: string, itemId: string) =>
  t.db
    .select()
    .from(accessGrants)
    .where(and(eq(accessGrants.userId, userId), eq(accessGrants.itemId, itemId)));

/** A buyer, a course and the buyer's payment of it, not registered yet. */
async function unpaidCourse() {
  const user = await createUser(t.db);
  const course = await createCourse(t.db);
  const payment = await createPayment(t.db, {
    userId: user.id,
    items: [{ type: 'course', id: course.id }],
  });
  return { user, course, payment };
}

describe('a transaction spanning modules', () => {
  it('rolls back the first module write when the second module fails', async () => {
    const { user, course, payment } = await unpaidCourse();
    const host = t.app.get(TransactionHost, { strict: false });
    const usersService = t.app.get(UsersService, { strict: false });

    // users module writes, then the purchases module fails (an item that does not exist)
    const unitOfWork = host.run(async () => {
      await usersService.setPassword(user.id, 'Changed123');
      await purchases.grantPaidItems(user.id, payment.id, [
        { type: 'course', id: course.id },
        { type: 'formation', id: NOT_FOUND_ID },
      ]);
    });
    await expect(unitOfWork).rejects.toThrow();

    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(user.password, after.passwordHash)).toBe(true);
    expect(after.tokenVersion).toBe(0);
    expect(await grantsOf(user.id, course.id)).toEqual([]);
  });

  it('commits both when every write succeeds', async () => {
    const { user, course, payment } = await unpaidCourse();
    const host = t.app.get(TransactionHost, { strict: false });
    const usersService = t.app.get(UsersService, { strict: false });
    await host.run(async () => {
      await usersService.setPassword(user.id, 'Changed123');
      await purchases.grantPaidItems(user.id, payment.id, [{ type: 'course', id: course.id }]);
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('Changed123', after.passwordHash)).toBe(true);
    expect(await grantsOf(user.id, course.id)).toHaveLength(1);
  });
});

describe('the prepared reads inside a transaction', () => {
  it("read the transaction's own writes, which nobody else sees until it commits", async () => {
    const { user, course, payment } = await unpaidCourse();
    const host = t.app.get(TransactionHost, { strict: false });
    const item = { type: 'course' as const, id: course.id };
    const rolledBack = host.run(async () => {
      await purchases.grantPaidItems(user.id, payment.id, [item]);
      // the access read (a prepared read) sees the grant written just before, in this transaction
      expect(await purchases.activeAmong(user.id, [item])).toEqual([item]);
      expect(await purchases.grantPaidItems(user.id, payment.id, [item])).toMatchObject({
        granted: [],
        alreadyOwned: [item],
      });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await purchases.activeAmong(user.id, [item])).toEqual([]);
    expect(await grantsOf(user.id, course.id)).toEqual([]);
  });
});

describe('sessions', () => {
  it('a password reset ends every session issued before it', async () => {
    const user = await createUser(t.db);
    const before = await login(user.email, user.password);
    await api().get('/api/auth/perfil').set('Authorization', `Bearer ${before}`).expect(200);

    const token = await requestResetToken(user.id);
    await api()
      .post(`/api/auth/reset-password/${token}`)
      .send({ newPassword: 'BrandNew123' })
      .expect(200);

    const res = await api()
      .get('/api/auth/perfil')
      .set('Authorization', `Bearer ${before}`)
      .expect(401);
    expect(res.body.code).toBe('auth.unauthorized');
    // a new login works and its token is valid
    const after = await login(user.email, 'BrandNew123');
    await api().get('/api/auth/perfil').set('Authorization', `Bearer ${after}`).expect(200);
  });
});

/** A valid reset link for the user, stored as forgot-password stores it (hashed). */
async function requestResetToken(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(passwordResetTokens).values({
    userId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

describe('purchase history', () => {
  it('grants each item of a payment once, however often fulfilment runs', async () => {
    const { user, course, payment } = await unpaidCourse();
    const items = [{ type: 'course' as const, id: course.id }];
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => purchases.grantPaidItems(user.id, payment.id, items)),
    );
    expect(outcomes.flatMap((o) => o.granted)).toHaveLength(1);
    expect(await grantsOf(user.id, course.id)).toHaveLength(1);
  });

  it('keeps the purchase when an expired item is renewed, and the renewal gives a fresh period', async () => {
    const user = await createUser(t.db);
    const course = await createCourse(t.db);
    const first = await createPayment(t.db, {
      userId: user.id,
      items: [{ type: 'course', id: course.id }],
    });
    const longAgo = new Date(Date.now() - 400 * DAY);
    await purchases.grantPaidItems(user.id, first.id, [{ type: 'course', id: course.id }], longAgo);
    expect(await purchases.hasActive(user.id, 'course', course.id)).toBe(false);

    const second = await createPayment(t.db, {
      userId: user.id,
      items: [{ type: 'course', id: course.id }],
    });
    const now = new Date();
    const outcome = await purchases.grantPaidItems(
      user.id,
      second.id,
      [{ type: 'course', id: course.id }],
      now,
    );
    expect(outcome.granted.map((g) => g.kind)).toEqual(['renewal']);
    const history = await purchases.history(user.id, 'course', course.id);
    expect(history.map((g) => g.kind)).toEqual(['purchase', 'renewal']);
    expect(await purchases.hasActive(user.id, 'course', course.id)).toBe(true);

    const mine = await api()
      .get('/api/users/mis-compras')
      .set('Authorization', `Bearer ${await login(user.email, user.password)}`)
      .expect(200);
    expect(mine.body.cursos).toEqual([
      {
        courseId: course.id,
        fechaExpiracion: history[1].expiresAt.toISOString(),
        expired: false,
      },
    ]);
  });

  it('does not grant an item the user already owns with active access', async () => {
    const user = await createUser(t.db);
    const course = await createCourse(t.db);
    await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: course.id });
    const payment = await createPayment(t.db, {
      userId: user.id,
      items: [{ type: 'course', id: course.id }],
    });
    const outcome = await purchases.grantPaidItems(user.id, payment.id, [
      { type: 'course', id: course.id },
    ]);
    expect(outcome).toEqual({ granted: [], alreadyOwned: [{ type: 'course', id: course.id }] });
  });

  it('a refund ends access at once and stays in the history', async () => {
    const user = await createUser(t.db);
    const f = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
    const payment = await createPayment(t.db, {
      userId: user.id,
      items: [{ type: 'formation', id: f.id }],
    });
    await purchases.grantPaidItems(user.id, payment.id, [{ type: 'formation', id: f.id }]);
    expect(await purchases.hasActive(user.id, 'formation', f.id)).toBe(true);

    expect(await purchases.refundPayment(payment.id)).toHaveLength(1);
    expect(await purchases.refundPayment(payment.id)).toHaveLength(0); // idempotent
    expect(await purchases.hasActive(user.id, 'formation', f.id)).toBe(false);
    const history = await purchases.history(user.id, 'formation', f.id);
    expect(history.map((g) => g.kind)).toEqual(['purchase', 'refund']);
    expect(history[1].refundsGrantId).toBe(history[0].id);
  });
});

describe('item references', () => {
  it('refuses to delete a course or formation that has buyers', async () => {
    const user = await createUser(t.db);
    const course = await createCourse(t.db);
    const f = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
    await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: course.id });
    await createPurchase(t.db, { userId: user.id, itemType: 'formation', itemId: f.id });

    for (const attempt of [
      t.db.delete(courses).where(eq(courses.id, course.id)),
      t.db.delete(formations).where(eq(formations.id, f.id)),
    ]) {
      const err = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(asConstraintViolation(err)?.kind).toBe('foreign_key');
    }
    expect(await t.db.select().from(courses).where(eq(courses.id, course.id))).toHaveLength(1);
  });

  it('removes the progress marks of a deleted class', async () => {
    const course = await createCourse(t.db, { classes: 2 });
    const admin = await createUser(t.db, { role: 'admin' });
    const token = await login(admin.email, admin.password);
    // an admin may track any item; mark the first class
    await api()
      .post(`/api/users/${admin.id}/progreso-curso/${course.id}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ classId: course.classes[0].id })
      .expect(200);
    expect(
      await t.db.select().from(classProgress).where(eq(classProgress.userId, admin.id)),
    ).toHaveLength(1);
    await t.db.delete(courseClasses).where(eq(courseClasses.id, course.classes[0].id));
    expect(
      await t.db.select().from(classProgress).where(eq(classProgress.userId, admin.id)),
    ).toEqual([]);
  });
});

describe('a database outage', () => {
  it('answers 503, not 401, to a valid session while the database is away', async () => {
    const other = await createTestApp();
    try {
      const user = await createUser(other.db);
      const token = (
        await request(other.app.getHttpServer())
          .post('/api/auth/login')
          .send({ email: user.email, password: user.password })
          .expect(200)
      ).body.token as string;
      await other.app.get<DatabaseHandle>(DATABASE_HANDLE, { strict: false }).close();

      const res = await request(other.app.getHttpServer())
        .get('/api/auth/perfil')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: 'common.service_unavailable' });
      expect(res.headers['retry-after']).toBe('5');

      const list = await request(other.app.getHttpServer()).get('/api/courses/visible?lang=es');
      expect(list.status).toBe(503);
    } finally {
      await other.close();
    }
  });
});

describe('connections', () => {
  it('keeps idle connections open for 72 s (Fastify’s default), on every path of an answer', async () => {
    // clients reuse an idle connection until the server says otherwise: Node's own 5 s made
    // reused connections fail with ECONNRESET when a request crossed the server's close
    const listening = await createTestApp();
    try {
      await listening.app.listen(0, '127.0.0.1');
      const { port } = (listening.app.getHttpServer() as Server).address() as AddressInfo;
      const paths = ['/api/health', '/api/courses/visible?lang=es', '/api/auth/perfil'];
      // three times: the list's repeated hits are answered by the cache's early and server paths
      for (let i = 0; i < 3; i++) {
        for (const path of paths) {
          const res = await fetch(`http://127.0.0.1:${port}${path}`);
          await res.arrayBuffer();
          expect({ path, keepAlive: res.headers.get('keep-alive') }).toEqual({
            path,
            keepAlive: 'timeout=72',
          });
        }
      }
    } finally {
      await listening.close();
    }
  });
});
