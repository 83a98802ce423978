import { jest } from '@jest/globals';
import request from 'supertest';
import { createUser } from '../support/factories.js';
import { NO_RATE_LIMITS, createTestApp, type TestApp } from '../support/test-app.js';

jest.setTimeout(120_000);

// Launch day: a burst of logins may not take every core and make every other request
// wait. Password hashing has its threads and a bounded queue; past it, a clear 503 at once.

let t: TestApp;
beforeAll(async () => {
  // one hashing thread and no queue: a second login while one hashes is refused
  t = await createTestApp({
    rateLimit: NO_RATE_LIMITS,
    passwordHashing: { threads: 1, queue: 0 },
  });
});
afterAll(() => t?.close());

const api = () => request(t.app.getHttpServer());

it('a burst of logins past the hashing queue gets 503 common.busy with Retry-After, never a 500', async () => {
  const user = await createUser(t.db);
  const answers = await Promise.all(
    Array.from({ length: 12 }, () =>
      api().post('/api/auth/login').send({ email: user.email, password: user.password }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
  expect(statuses).toContain(200);
  const busy = answers.filter((a) => a.status === 503);
  expect(busy.length).toBeGreaterThan(0);
  for (const a of busy) {
    expect(a.body).toMatchObject({ statusCode: 503, code: 'common.busy' });
    expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(a.headers['retry-after'])).toBe(a.body.data.retryAfterSeconds);
  }
  // the ones let through signed in
  for (const a of answers.filter((x) => x.status === 200))
    expect(a.body.token).toEqual(expect.any(String));
});

it('sign-ups are bounded the same way, and a refused one creates no account', async () => {
  const emails = Array.from({ length: 12 }, (_, i) => `burst-${i}-${Date.now()}@test.local`);
  const answers = await Promise.all(
    emails.map((email) =>
      api()
        .post('/api/users')
        .send({ name: 'Burst', surname: 'Test', email, password: 'Carpa-2026-load', lang: 'es' }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
  expect(statuses).toContain(503);
  // a refused sign-up can simply be sent again: its e-mail is free
  const refused = emails[statuses.indexOf(503)];
  let again = 503;
  for (let i = 0; i < 20 && again === 503; i++) {
    again = (
      await api().post('/api/users').send({
        name: 'Burst',
        surname: 'Test',
        email: refused,
        password: 'Carpa-2026-load',
        lang: 'es',
      })
    ).status;
  }
  expect(again).toBe(201);
});

it('GET /admin/diagnostics/runtime shows the hashing queue to an admin only', async () => {
  const admin = await createUser(t.db, { role: 'admin' });
  const student = await createUser(t.db);
  const login = async (u: { email: string; password: string }) => {
    for (;;) {
      const res = await api()
        .post('/api/auth/login')
        .send({ email: u.email, password: u.password });
      if (res.status === 200) return res.body.token as string;
      expect(res.status).toBe(503);
    }
  };
  await api()
    .get('/api/admin/diagnostics/runtime')
    .set('Authorization', `Bearer ${await login(student)}`)
    .expect(403);
  const res = await api()
    .get('/api/admin/diagnostics/runtime')
    .set('Authorization', `Bearer ${await login(admin)}`)
    .expect(200);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body.passwordHashing).toMatchObject({ threads: 1, queueLimit: 0, queued: 0 });
  // the bursts above were partly refused
  expect(res.body.passwordHashing.rejected).toBeGreaterThan(0);
  expect(res.body.passwordHashing.done).toBeGreaterThan(0);
  // a pool on PostgreSQL, none on PGlite
  if (process.env.DATABASE_URL) expect(res.body.dbPool.acquired).toBeGreaterThan(0);
  else expect(res.body.dbPool).toBeNull();
});
