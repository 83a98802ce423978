// A request's cost is bounded by the schema, not by the sender. Each test here
// failed on the code before the fix (5 s and an 8.3 MB answer for 90,000 unknown keys).
import { jest } from '@jest/globals';
import request from 'supertest';
import { COMMON_ERRORS, FIELD_ERRORS } from '@circo/shared-contracts';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from './support/test-app.js';
import { createCourse, createUser } from './support/factories.js';
import { tokenFor } from './catalog/catalog-helpers.js';

jest.setTimeout(60_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let bearer: string;

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { ...NO_RATE_LIMITS, progress: 3 },
  });
  server = t.app.getHttpServer();
  bearer = `Bearer ${await tokenFor(t, await createUser(t.db))}`;
});
afterAll(() => t?.close());

/** A JSON object of `n` unknown keys: about 0.98 MB at 90,000, under the API's body limit. */
export function manyKeys(n: number): string {
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o[`k${i}`] = 1;
  return JSON.stringify(o);
}

async function timed(req: request.Test): Promise<{ res: request.Response; ms: number }> {
  const start = performance.now();
  const res = await req;
  return { res, ms: performance.now() - start };
}

describe('bodies of many keys are refused before any per-key work', () => {
  const body = manyKeys(90_000);

  it.each(['/api/stripe/crear-payment-intent', '/api/stripe/crear-sesion'])(
    '90,000 keys to %s: 400 with a small answer, fast',
    async (path) => {
      // warm the route once (first request of a file pays module loading)
      await request(server).post(path).set('Authorization', bearer).send({});
      const { res, ms } = await timed(
        request(server)
          .post(path)
          .set('Authorization', bearer)
          .set('Content-Type', 'application/json')
          .send(body),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: COMMON_ERRORS.validation });
      expect(res.body.errors[0].code).toBe(FIELD_ERRORS.tooManyKeys);
      expect(res.text.length).toBeLessThan(4096);
      // 50 ms on an idle machine (npm run bench); generous here, where tests share the CPU
      expect(ms).toBeLessThan(1000);
    },
  );

  it.each(['/api/auth/login', '/api/users'])(
    '90,000 keys to %s (anonymous): refused by the small body limit before it is read',
    async (path) => {
      const { res, ms } = await timed(
        request(server).post(path).set('Content-Type', 'application/json').send(body),
      );
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: COMMON_ERRORS.payloadTooLarge });
      expect(res.text.length).toBeLessThan(4096);
      expect(ms).toBeLessThan(1000);
    },
  );

  it('a login body of many keys that fits the small limit: 400 with a few errors only', async () => {
    const res = await request(server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(manyKeys(150));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(COMMON_ERRORS.validation);
    expect(res.body.errors.length).toBeLessThanOrEqual(10);
    expect(res.text.length).toBeLessThan(4096);
  });

  it('one object of more than 200 keys, or a list of more than 1,000 items: 400', async () => {
    const wide = await request(server)
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', bearer)
      .set('Content-Type', 'application/json')
      .send(`{"items":[${manyKeys(201)}]}`);
    expect(wide.status).toBe(400);
    expect(wide.body.errors[0].code).toBe(FIELD_ERRORS.tooManyKeys);
    const long = await request(server)
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', bearer)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ items: Array.from({ length: 1001 }, () => 0) }));
    expect(long.status).toBe(400);
    expect(long.body.errors[0].code).toBe(FIELD_ERRORS.tooManyItems);
    // strings holding brackets, colons and commas are text, not structure
    const text = await request(server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: '[{"a":1,"b":2}],'.repeat(500), password: 'x' }));
    expect(text.status).toBe(400);
    expect(text.body.errors[0].code).not.toBe(FIELD_ERRORS.tooManyKeys);
  });

  it('a long unknown key is cut in the error answer', async () => {
    const res = await request(server)
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', bearer)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ['k'.repeat(500_000)]: 1, items: [] }));
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(4096);
  });
});

describe('JSON bodies are UTF-8', () => {
  it('a body labelled with another charset is 415, not read as UTF-8', async () => {
    const res = await request(server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=utf-16')
      .send(Buffer.from(JSON.stringify({ email: 'a@b.co', password: 'x' }), 'utf16le'));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, code: COMMON_ERRORS.unsupportedMediaType });
  });

  it('charset=utf-8 (any case, quoted) is read as before', async () => {
    for (const type of ['application/json; charset=UTF-8', 'application/json;charset="utf-8"']) {
      const res = await request(server)
        .post('/api/auth/login')
        .set('Content-Type', type)
        .send(JSON.stringify({ email: 'nobody@test.local', password: 'Secret123' }));
      expect(res.status).toBe(401);
    }
  });
});

describe('per-account rate limits on routes that cost work', () => {
  it('the progress routes count per account: 429 with Retry-After past the limit, others unaffected', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const mark = async (user: { id: string; role: 'user' | 'admin' }) =>
      request(server)
        .post(`/api/users/${user.id}/progreso-curso/${course.id}`)
        .set('Authorization', `Bearer ${await tokenFor(t, user)}`)
        .send({ classId: course.id });
    const one = await createUser(t.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await mark(one)).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    const limited = await mark(one);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(COMMON_ERRORS.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mark(await createUser(t.db))).status).not.toBe(429);
  });
});
