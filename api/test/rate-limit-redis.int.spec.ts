// With REDIS_URL the rate-limit counts live in Redis: two API instances share one limit.
// Needs the Redis server at REDIS_TEST_URL (default redis://127.0.0.1:6379), as CI provides.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { users } from '../src/database/schema.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from './support/test-app.js';
import { createUser } from './support/factories.js';
import { tokenFor } from './catalog/catalog-helpers.js';

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const limits = {
  ...NO_RATE_LIMITS,
  login: 3,
  register: 3,
  forgot: 3,
  reset: 3,
  payment: 3,
};
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  // one signing key, as instances of one deployment share
  const jwtSecret = randomBytes(32).toString('hex');
  a = await createTestApp({ trustProxy: true, redisUrl, rateLimit: limits, jwtSecret });
  b = await createTestApp({ trustProxy: true, redisUrl, rateLimit: limits, jwtSecret });
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

it('counts the payment requests of one account across two instances, whatever its IP', async () => {
  // the same account in both instances' databases
  const { password: _password, ...user } = await createUser(a.db);
  await b.db.insert(users).values(user);
  const token = await tokenFor(a, user);
  let n = 0;
  const attempt = (t: TestApp) =>
    request(t.app.getHttpServer())
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Forwarded-For', `10.9.8.${++n}`)
      .send({ items: [] });
  const statuses = [];
  for (const t of [a, b, a, b]) statuses.push((await attempt(t)).status);
  // counted before the body is validated: an invalid request costs its sender a try too
  expect(statuses).toEqual([400, 400, 400, 429]);
});
