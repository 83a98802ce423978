// Text a client can send that PostgreSQL cannot store or that makes no sense in the field (NUL and
// other control characters, lone UTF-16 surrogates): a 400 naming the field, never a 500.
import { jest } from '@jest/globals';
import { count } from 'drizzle-orm';
import request from 'supertest';
import { COMMON_ERRORS, FIELD_ERRORS } from '@circo/shared-contracts';
import { classProgress, passwordResetTokens, users } from '../src/database/schema.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from './support/test-app.js';
import { createCourse, createPurchase, createUser } from './support/factories.js';
import { tokenFor } from './catalog/catalog-helpers.js';

jest.setTimeout(120_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let user: Awaited<ReturnType<typeof createUser>>;
let courseId: string;
let classId: string;
let bearer: string;

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { ...NO_RATE_LIMITS },
  });
  server = t.app.getHttpServer();
  user = await createUser(t.db);
  const course = await createCourse(t.db, { classes: 1 });
  courseId = course.id;
  classId = course.classes[0].id;
  await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: courseId });
  bearer = `Bearer ${await tokenFor(t, user)}`;
});
afterAll(() => t?.close());

/** A character, and how it is written in a URL and in JSON. */
const BAD = [
  { name: 'NUL', url: '%00', json: '\\u0000' },
  { name: 'SOH', url: '%01', json: '\\u0001' },
  { name: 'ESC', url: '%1B', json: '\\u001b' },
  { name: 'DEL', url: '%7F', json: '\\u007f' },
  { name: 'C1 NEL', url: '%C2%85', json: '\\u0085' },
  { name: 'a line feed in a one-line field', url: '%0A', json: '\\n' },
  { name: 'a lone high surrogate', url: null, json: '\\ud800' },
  { name: 'a lone low surrogate', url: null, json: '\\udfff' },
];

/** Query strings and path parameters of the public catalogue, search, site content and account routes. */
const URL_INPUTS: Array<{
  field: string;
  path: (bad: string) => string;
  post?: boolean;
  auth?: boolean;
}> = [
  { field: 'q', path: (x) => `/api/search?q=acro${x}bacia` },
  { field: 'q', path: (x) => `/api/search?q=${x}` },
  { field: 'lang', path: (x) => `/api/search?q=acro&lang=es${x}` },
  { field: 'lang', path: (x) => `/api/courses/visible?lang=${x}es` },
  { field: 'limit', path: (x) => `/api/courses/visible?limit=1${x}0` },
  { field: 'id', path: (x) => `/api/courses/${x}` },
  { field: 'id', path: (x) => `/api/courses/${courseId}${x}` },
  { field: 'lang', path: (x) => `/api/courses/${courseId}?lang=es${x}` },
  { field: 'lang', path: (x) => `/api/formations?lang=${x}` },
  { field: 'id', path: (x) => `/api/formations/${x}` },
  { field: 'id', path: (x) => `/api/formations/visible/${x}` },
  { field: 'formationId', path: (x) => `/api/modules/formation/${x}` },
  { field: 'moduleId', path: (x) => `/api/classes/module/${x}` },
  { field: 'id', path: (x) => `/api/classes/${x}` },
  { field: 'lang', path: (x) => `/api/presential-formations/presencial?lang=${x}` },
  { field: 'lang', path: (x) => `/api/content?lang=${x}` },
  { field: 'lang', path: (x) => `/api/content/terms?lang=${x}` },
  { field: 'name', path: (x) => `/api/content/images/juggling${x}.svg` },
  {
    field: 'token',
    path: (x) => `/api/auth/reset-password/AAAAAAAAAAAAAAAAAAAAAAAA${x}`,
    post: true,
  },
  {
    field: 'userId',
    path: (x) => `/api/users/${user.id}${x}/progreso-curso/${courseId}`,
    post: true,
    auth: true,
  },
  {
    field: 'courseId',
    path: (x) => `/api/users/${user.id}/progreso-curso/${x}`,
    post: true,
    auth: true,
  },
];

/** JSON bodies of the account routes, with the bad character put into one field. */
const BODY_INPUTS: Array<{
  field: string;
  path: () => string;
  body: (bad: string) => string;
  auth?: boolean;
}> = [
  {
    field: 'email',
    path: () => '/api/auth/login',
    body: (x) => `{"email":"ana${x}@example.com","password":"Secret123"}`,
  },
  {
    field: 'password',
    path: () => '/api/auth/login',
    body: (x) => `{"email":"ana@example.com","password":"Secret${x}123"}`,
  },
  {
    field: 'name',
    path: () => '/api/users',
    body: (x) =>
      `{"name":"An${x}a","surname":"Pérez","email":"ana.${Date.now()}@example.com","password":"Secreta123"}`,
  },
  {
    field: 'surname',
    path: () => '/api/users',
    body: (x) =>
      `{"name":"Ana","surname":"Pé${x}rez","email":"ana.${Date.now()}@example.com","password":"Secreta123"}`,
  },
  {
    field: 'email',
    path: () => '/api/users',
    body: (x) =>
      `{"name":"Ana","surname":"Pérez","email":"ana${x}@example.com","password":"Secreta123"}`,
  },
  {
    field: 'password',
    path: () => '/api/users',
    body: (x) =>
      `{"name":"Ana","surname":"Pérez","email":"ana.${Date.now()}@example.com","password":"Secreta123${x}"}`,
  },
  {
    field: 'email',
    path: () => '/api/auth/forgot-password',
    body: (x) => `{"email":"x${x}${user.email}"}`,
  },
  {
    field: 'email',
    path: () => '/api/auth/forgot-password',
    body: (x) => `{"email":"nobody${x}@example.com"}`,
  },
  {
    field: 'lang',
    path: () => '/api/auth/forgot-password',
    body: (x) => `{"email":"${user.email}","lang":"es${x}"}`,
  },
  {
    field: 'newPassword',
    path: () => '/api/auth/reset-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    body: (x) => `{"newPassword":"Secreta123${x}"}`,
  },
  {
    field: 'classId',
    path: () => `/api/users/${user.id}/progreso-curso/${courseId}`,
    body: (x) => `{"classId":"${classId}${x}"}`,
    auth: true,
  },
];

async function counts() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [r] = await t.db.select({ n: count() }).from(passwordResetTokens);
  const [p] = await t.db.select({ n: count() }).from(classProgress);
  return { users: u.n, resetTokens: r.n, progress: p.n };
}

function expectRefused(res: request.Response, field: string, label: string): void {
  if (res.status !== 400) throw new Error(`${label}: ${res.status} ${res.text}`);
  expect(res.body).toEqual(expect.objectContaining({ statusCode: 400, code: expect.any(String) }));
  expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
}

it('refuses control characters in every query string and path parameter with a 400 naming the field', async () => {
  for (const input of URL_INPUTS) {
    for (const bad of BAD.filter((b) => b.url !== null)) {
      const path = input.path(bad.url!);
      let req = input.post ? request(server).post(path) : request(server).get(path);
      if (input.auth) req = req.set('Authorization', bearer);
      const res = input.post ? await req.send({ classId, newPassword: 'Secreta123' }) : await req;
      // a line feed is whitespace: fields that hold no free text refuse it with their own rule
      if (bad.url === '%0A') {
        expect([400, 404]).toContain(res.status);
        expect(res.body).toEqual(expect.objectContaining({ statusCode: res.status }));
        continue;
      }
      expectRefused(res, input.field, `${path} (${bad.name})`);
      expect(res.body.code).toBe(COMMON_ERRORS.validation);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: input.field, code: FIELD_ERRORS.invalidCharacters }),
        ]),
      );
    }
  }
});

it('refuses control characters and lone surrogates in every account body field with a 400 naming the field, and stores nothing', async () => {
  const before = await counts();
  for (const input of BODY_INPUTS) {
    for (const bad of BAD) {
      let req = request(server).post(input.path()).set('Content-Type', 'application/json');
      if (input.auth) req = req.set('Authorization', bearer);
      const res = await req.send(input.body(bad.json));
      // a login password is checked against the stored hash, never stored: a line feed in it is
      // a wrong password (401), any other control character a 400
      if (input.path() === '/api/auth/login' && input.field === 'password' && bad.json === '\\n') {
        expect(res.status).toBe(401);
        continue;
      }
      expectRefused(res, input.field, `${input.path()} ${input.field} (${bad.name})`);
    }
  }
  expect(await counts()).toEqual(before);
});

it('still accepts accented, emoji and non-Latin text', async () => {
  const search = await request(server).get(
    `/api/search?q=${encodeURIComponent('équilibre 🤹 жонглирование')}`,
  );
  expect(search.status).toBe(200);
  const register = await request(server)
    .post('/api/users')
    .send({
      name: 'Zoë 🎪',
      surname: 'Ñúñez 李',
      email: `zoe.${Date.now()}@example.com`,
      password: 'Contraseña1',
    });
  expect(register.status).toBe(201);
});

it('answers 4xx, not 500, to a body nested thousands of levels deep', async () => {
  for (const raw of [
    `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    `${'{"email":'.repeat(50_000)}"a"${'}'.repeat(50_000)}`,
    `{"email":"ana@example.com","password":"x","extra":${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}}`,
  ]) {
    // the account forms take 16 KB at most (413 before a byte is parsed); other routes 1 MB,
    // where the nesting is refused while the body is read, before any guard or validator
    for (const [path, status] of [
      ['/api/auth/login', 413],
      ['/api/users', 413],
      ['/api/auth/forgot-password', 413],
      ['/api/stripe/crear-payment-intent', 400],
    ] as const) {
      const res = await request(server)
        .post(path)
        .set('Content-Type', 'application/json')
        .send(raw);
      expect({ path, status: res.status }).toEqual({ path, status });
      expect(res.body).toEqual(expect.objectContaining({ statusCode: status }));
    }
  }
});
