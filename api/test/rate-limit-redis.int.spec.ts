// With REDIS_URL the rate-limit counts live in Redis: two API instances share one limit.
// Needs the Redis server at REDIS_TEST_URL (default redis://127.0.0.1:6379), as CI provides.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const limits = { login: 3, register: 3, forgot: 3, reset: 3, windowMs: 60_000 };
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ trustProxy: true, redisUrl, rateLimit: limits });
  b = await createTestApp({ trustProxy: true, redisUrl, rateLimit: limits });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

it('counts the attempts of one client across two instances', async () => {
  const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const attempt = (t: TestApp) =>
    request(t.app.getHttpServer())
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: 'nobody@example.com', password: 'Wrong1234' });
  const statuses = [];
  for (const t of [a, b, a, b]) statuses.push((await attempt(t)).status);
  expect(statuses).toEqual([401, 401, 401, 429]);
});
