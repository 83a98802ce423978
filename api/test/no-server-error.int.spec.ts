// Requests a client can send that answered 500, or stored a wrong value.
// Each test failed on the code before the fix.
import { createHmac } from 'node:crypto';
import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ADMIN_MESSAGES, COMMON_ERRORS } from '@circo/shared-contracts';
import { courses } from '../src/database/schema.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createCourse, createUser } from './support/factories.js';
import { tokenFor } from './catalog/catalog-helpers.js';
import { call, courseBody } from './admin/admin-helpers.js';

jest.setTimeout(60_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let jwt: JwtService;
let userToken: string;
let adminToken: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  server = t.app.getHttpServer();
  jwt = t.app.get(JwtService, { strict: false });
  const user = await createUser(t.db);
  userId = user.id;
  userToken = await tokenFor(t, user);
  adminToken = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
});
afterAll(() => t?.close());

describe('token claims are checked for shape', () => {
  it.each([
    ['a sub that is not a UUID', { sub: 'not-a-uuid', role: 'user' }],
    ['a numeric sub', { sub: 42, role: 'user' }],
    ['an object sub', { sub: { id: 1 }, role: 'user' }],
    ['a version that is no number', { sub: '', role: 'user', ver: 'x' }],
  ])('%s: 401 on a protected route, ignored on a public one', async (_name, claims) => {
    const payload = { ...claims, sub: claims.sub === '' ? userId : claims.sub };
    const token = await jwt.signAsync(payload as object);
    const own = await request(server)
      .get('/api/auth/perfil')
      .set('Authorization', `Bearer ${token}`);
    expect(own.status).toBe(401);
    expect(own.body.code).toBe(COMMON_ERRORS.unauthorized);
    const open = await request(server)
      .get('/api/courses/visible')
      .set('Authorization', `Bearer ${token}`);
    expect(open.status).toBe(200);
  });

  it('a token without exp is refused; the same claims with exp work', async () => {
    const claims = { sub: userId, role: 'user' };
    // signed with the app's key by hand: the app's signer always adds exp
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: 1 })}`;
    const mac = createHmac('sha256', t.config.jwtSecret).update(unsigned).digest('base64url');
    const noExp = `${unsigned}.${mac}`;
    const refused = await request(server)
      .get('/api/auth/perfil')
      .set('Authorization', `Bearer ${noExp}`);
    expect(refused.status).toBe(401);
    const ok = await request(server)
      .get('/api/auth/perfil')
      .set('Authorization', `Bearer ${await jwt.signAsync(claims)}`);
    expect(ok.status).toBe(200);
  });

  it('a sub in upper case is the same account', async () => {
    const token = await jwt.signAsync({ sub: userId.toUpperCase(), role: 'user' });
    const res = await request(server)
      .get('/api/auth/perfil')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
  });
});

describe('found by the fuzzer', () => {
  it('a numeric (Vimeo) video id without Vimeo configured is 404, not 503', async () => {
    const res = await request(server)
      .get('/api/upload/video-status/0')
      .set('Authorization', `Bearer ${userToken}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('media.video_not_found');
  });

  it('an over-long path parameter is 414 in the API error shape, a few KB at most', async () => {
    const res = await request(server).patch(
      `/api/classes/${encodeURIComponent('é'.repeat(1000))}/visibility/es`,
    );
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ statusCode: 414, code: 'http.414' });
    expect(res.text.length).toBeLessThan(1024);
    expect(res.headers['permissions-policy']).toBeDefined();
  });
});

describe('ids are compared in canonical form', () => {
  it('the same course twice in a cart, once in upper case, is one item (no 500)', async () => {
    const course = await createCourse(t.db, { priceCents: 2000 });
    const res = await request(server)
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', `Bearer ${userToken}`)
      .send({
        items: [
          { id: course.id, type: 'course' },
          { id: course.id.toUpperCase(), type: 'course' },
        ],
      });
    expect(res.status).toBe(201);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([course.id]);
    expect(res.body.amount).toBe(20);
  });
});

describe('money is range-checked against what the columns hold, after rounding', () => {
  it.each([
    ['99999999999', ADMIN_MESSAGES.priceTooLarge],
    [9007199254740992, ADMIN_MESSAGES.priceTooLarge],
    [1e300, ADMIN_MESSAGES.priceTooLarge],
    [1e-9, ADMIN_MESSAGES.priceMustBePositive],
    [0.004, ADMIN_MESSAGES.priceMustBePositive],
    [0.3, ADMIN_MESSAGES.priceBelowMinimum],
  ])('PUT /api/courses/{id} with price %p: 400, nothing stored', async (price, message) => {
    const course = await createCourse(t.db, { priceCents: 1234 });
    const res = await call(t, adminToken, 'put', `/courses/${course.id}`, {
      ...courseBody(),
      price,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(COMMON_ERRORS.validation);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'price', message })]),
    );
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row.priceCents).toBe(1234);
  });

  it('the largest price and the smallest chargeable one are stored as sent', async () => {
    // shown in Spanish only: the body has the Spanish image alone (an item is shown only where its content is)
    const course = await createCourse(t.db, {
      priceCents: 1234,
      visible: { es: true, en: false, fr: false },
    });
    for (const [price, cents] of [
      [100_000, 10_000_000],
      [0.5, 50],
      ['12.345', 1235],
    ] as const) {
      const res = await call(t, adminToken, 'put', `/courses/${course.id}`, {
        ...courseBody(),
        price,
      });
      expect(res.status).toBe(200);
      const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
      expect(row.priceCents).toBe(cents);
    }
  });

  it('a voucher amount beyond the column is 400', async () => {
    const course = await createCourse(t.db);
    const res = await call(t, adminToken, 'post', '/discounts', {
      name: { es: 'Bono', en: '', fr: '' },
      amount: '99999999999',
      startDate: '2030-01-01',
      endDate: '2030-02-01',
      type: 'course',
      targetItems: [{ _id: course.id }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'amount', message: ADMIN_MESSAGES.amountTooLarge }),
      ]),
    );
  });

  it('a voucher that leaves an item below the card minimum is refused where it is saved; free is allowed', async () => {
    const course = await createCourse(t.db, { priceCents: 1000 });
    const voucher = (over: object) =>
      call(t, adminToken, 'post', '/discounts', {
        name: { es: 'Bono', en: '', fr: '' },
        startDate: '2030-01-01',
        endDate: '2030-02-01',
        type: 'course',
        targetItems: [{ _id: course.id }],
        ...over,
      });
    for (const over of [{ amount: 9.8 }, { percentage: 97 }, { amount: '9.991' }]) {
      const res = await voucher(over);
      expect({ over, status: res.status }).toEqual({ over, status: 400 });
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          field: 'discount',
          code: 'voucherBelowMinimum',
          message: ADMIN_MESSAGES.voucherBelowMinimum,
        }),
      ]);
    }
    for (const over of [{ percentage: 100 }, { amount: 9.5 }, { amount: 50 }]) {
      const res = await voucher(over);
      expect({ over, status: res.status }).toEqual({ over, status: 201 });
    }
  });
});
