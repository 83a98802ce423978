// Random JSON bodies and malformed tokens at every account endpoint: never a 5xx, nothing stored.
import { jest } from '@jest/globals';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import request from 'supertest';
import { classProgress, passwordResetTokens, users } from '../src/database/schema.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createCourse, createUser } from './support/factories.js';

jest.setTimeout(120_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let userId: string;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { login: 1e6, register: 1e6, forgot: 1e6, windowMs: 60_000 },
  });
  server = t.app.getHttpServer();
  userId = (await createUser(t.db)).id;
  courseId = (await createCourse(t.db, { classes: 1 })).id;
});
afterAll(() => t?.close());

async function counts() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [r] = await t.db.select({ n: count() }).from(passwordResetTokens);
  const [p] = await t.db.select({ n: count() }).from(classProgress);
  return { users: u.n, resetTokens: r.n, progress: p.n };
}

const ENDPOINTS: Array<{ method: 'get' | 'post' | 'delete'; path: () => string }> = [
  { method: 'post', path: () => '/api/auth/login' },
  { method: 'post', path: () => '/api/users' },
  { method: 'get', path: () => '/api/auth/perfil' },
  { method: 'post', path: () => '/api/auth/forgot-password' },
  { method: 'post', path: () => '/api/auth/reset-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'get', path: () => '/api/users/mis-compras' },
  { method: 'post', path: () => `/api/users/${userId}/progreso-curso/${courseId}` },
  { method: 'delete', path: () => `/api/users/${userId}/progreso-curso/${courseId}/${courseId}` },
  { method: 'post', path: () => `/api/users/${userId}/progreso-formacion/${courseId}` },
  {
    method: 'delete',
    path: () => `/api/users/${userId}/progreso-formacion/${courseId}/${courseId}`,
  },
];

/** Bodies that look like the real ones, with every field replaced by anything JSON can hold. */
const body = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      email: fc.oneof(fc.jsonValue(), fc.emailAddress(), fc.string()),
      password: fc.oneof(fc.jsonValue(), fc.string({ maxLength: 200 })),
      name: fc.jsonValue(),
      surname: fc.jsonValue(),
      newPassword: fc.jsonValue(),
      classId: fc.oneof(fc.jsonValue(), fc.uuid()),
      lang: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

const authHeader = fc.oneof(
  fc.constant(undefined),
  fc.string(),
  fc.string().map((s) => `Bearer ${s}`),
  fc
    .tuple(fc.base64String(), fc.base64String(), fc.base64String())
    .map(([a, b, c]) => `Bearer ${a}.${b}.${c}`.replace(/=/g, '')),
  fc.jsonValue().map((v) => `Bearer ${Buffer.from(JSON.stringify(v)).toString('base64url')}.e30.x`),
);

it('no random body or token at an account endpoint gets a 5xx or stores anything', async () => {
  const before = await counts();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ENDPOINTS),
      body,
      authHeader,
      async (endpoint, payload, auth) => {
        let req = request(server)[endpoint.method](endpoint.path());
        if (auth !== undefined) req = req.set('Authorization', auth);
        const res =
          endpoint.method === 'get'
            ? await req
            : await req.send(payload === null ? 'null' : (payload as object)).type('json');
        expect(res.status).toBeLessThan(500);
        if (res.status < 400) {
          // only the forgot-password answer can succeed with a random body (any well-formed e-mail)
          expect(endpoint.path()).toBe('/api/auth/forgot-password');
          expect(res.body).toEqual({
            message: "We've sent you an email with instructions to reset your password.",
          });
        } else {
          expect(res.body).toEqual(
            expect.objectContaining({ statusCode: res.status, code: expect.any(String) }),
          );
        }
      },
    ),
    { numRuns: 400 },
  );
  // raw bodies that are not JSON at all
  for (const raw of ['{', 'null', '"str"', '[]', '\u0000', 'a=b&c=d']) {
    const res = await request(server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(raw);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  expect(await counts()).toEqual(before);
});
