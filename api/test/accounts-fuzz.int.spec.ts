// Random JSON bodies (full Unicode text, control characters, lone surrogates, NUL, very long
// strings) and malformed tokens at every account endpoint: never a 5xx, nothing stored.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import request from 'supertest';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { classProgress, passwordResetTokens, users } from '../src/database/schema.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from './support/test-app.js';
import { createCourse, createUser } from './support/factories.js';
import { anyText, controlChar, encodeAny, loneSurrogate } from './support/fuzz.js';
import { tokenFor } from './catalog/catalog-helpers.js';

jest.setTimeout(120_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let userId: string;
let userEmail: string;
let bearer: string;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { ...NO_RATE_LIMITS },
  });
  server = t.app.getHttpServer();
  const user = await createUser(t.db);
  userId = user.id;
  userEmail = user.email;
  bearer = `Bearer ${await tokenFor(t, user)}`;
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
  { method: 'post', path: () => `/api/auth/reset-password/${encodeAny(tokenParam)}` },
  { method: 'get', path: () => '/api/users/mis-compras' },
  { method: 'post', path: () => `/api/users/${userId}/progreso-curso/${courseId}` },
  { method: 'delete', path: () => `/api/users/${userId}/progreso-curso/${courseId}/${courseId}` },
  { method: 'post', path: () => `/api/users/${userId}/progreso-formacion/${courseId}` },
  {
    method: 'delete',
    path: () => `/api/users/${userId}/progreso-formacion/${courseId}/${courseId}`,
  },
];

/** Any JSON value, its strings drawn from full Unicode (control characters and lone surrogates too). */
const anyJson = fc.jsonValue({ stringUnit: 'binary' });
/** Text a real field could hold, with random Unicode, control characters or NUL around it. */
const around = (real: fc.Arbitrary<string>) =>
  fc.tuple(anyText, real, anyText).map(([a, r, b]) => a + r + b);

/** Bodies that look like the real ones, with every field replaced by anything JSON can hold. */
const body = fc.oneof(
  anyJson,
  fc.record(
    {
      email: fc.oneof(anyJson, fc.emailAddress(), anyText, around(fc.emailAddress())),
      password: fc.oneof(anyJson, anyText, around(fc.constant('Secret123'))),
      name: fc.oneof(anyJson, anyText),
      surname: fc.oneof(anyJson, anyText),
      newPassword: fc.oneof(anyJson, anyText, around(fc.constant('Secret123'))),
      classId: fc.oneof(anyJson, fc.uuid(), anyText),
      lang: fc.oneof(anyJson, anyText, fc.constantFrom('es', 'en', 'fr')),
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

let tokenParam = '';

it('no random body or token at an account endpoint gets a 5xx or stores anything', async () => {
  const before = await counts();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ENDPOINTS),
      body,
      authHeader,
      anyText,
      async (endpoint, payload, auth, token) => {
        tokenParam = token;
        let req = request(server)[endpoint.method](endpoint.path());
        if (auth !== undefined) req = req.set('Authorization', auth);
        const res =
          endpoint.method === 'get'
            ? await req
            : await req.send(payload === null ? 'null' : (payload as object)).type('json');
        expect(res.status).toBeLessThan(500);
        // Node's HTTP parser answers a request line over its header limit itself (431, no body)
        if (res.status === 431) return;
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
  for (const raw of ['{', 'null', '"str"', '[]', '\u0000', 'a=b&c=d', '"\\ud800"', '\xff\xfe']) {
    const res = await request(server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(raw);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  expect(await counts()).toEqual(before);
});

/** A character no one-line field accepts and that String#trim does not remove. */
const spoiler = fc.oneof(
  controlChar.filter((c) => !/\s/.test(c)),
  loneSurrogate,
  fc.constant('\u0000'),
);

/** A request each endpoint would accept, as field -> valid value. */
const REAL: Array<{ path: () => string; body: () => Record<string, string>; auth?: boolean }> = [
  { path: () => '/api/auth/login', body: () => ({ email: userEmail, password: 'Secret123' }) },
  {
    path: () => '/api/users',
    body: () => ({
      name: 'Ana',
      surname: 'Pérez',
      email: `ana.${randomUUID()}@example.com`,
      password: 'Secreta123',
      lang: 'fr',
    }),
  },
  { path: () => '/api/auth/forgot-password', body: () => ({ email: userEmail, lang: 'en' }) },
  {
    path: () => '/api/auth/reset-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    body: () => ({ newPassword: 'Secreta123' }),
  },
  {
    path: () => `/api/users/${userId}/progreso-curso/${courseId}`,
    body: () => ({ classId: courseId }),
    auth: true,
  },
];

it('a real request with one field spoiled by a control character, NUL or lone surrogate answers 400 naming that field and stores nothing', async () => {
  const before = await counts();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...REAL),
      fc.nat(),
      fc.nat(),
      spoiler,
      async (endpoint, whichField, at, bad) => {
        const body = endpoint.body();
        const field = Object.keys(body)[whichField % Object.keys(body).length];
        const value = body[field];
        const cut = at % (value.length + 1);
        body[field] = value.slice(0, cut) + bad + value.slice(cut);
        let req = request(server).post(endpoint.path());
        if (endpoint.auth) req = req.set('Authorization', bearer);
        const res = await req.send(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(
          expect.objectContaining({ statusCode: 400, code: COMMON_ERRORS.validation }),
        );
        expect(res.body.errors).toEqual(
          expect.arrayContaining([expect.objectContaining({ field })]),
        );
      },
    ),
    { numRuns: 300 },
  );
  expect(await counts()).toEqual(before);
});
