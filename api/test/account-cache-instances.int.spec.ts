// Two API instances on one PostgreSQL database (PGlite is one process: it cannot be shared), as
// behind a load balancer: each keeps the accounts of signed-in requests in memory, and a password
// reset on one ends the older sessions on the other within the stated bound. Needs the
// PostgreSQL server at DATABASE_URL, or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), as CI provides.
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { passwordResetTokens } from '../src/database/schema.js';
import { createUser } from './support/factories.js';
import { createServerDatabase, createTestApp, type TestApp } from './support/test-app.js';
import { tokenFor } from './catalog/catalog-helpers.js';

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const POLL_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  const accounts = { accountCache: { pollMs: POLL_MS, maxEntries: 1_000 } };
  // one secret: a session signed by either instance is good on both
  const env = { JOBS_WORKER: 'false', JWT_SECRET: randomBytes(32).toString('hex') };
  a = await createTestApp(accounts, env, { databaseUrl: shared.url });
  b = await createTestApp(accounts, env, { databaseUrl: shared.url });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await shared?.drop();
});

const profile = (t: TestApp, token: string) =>
  request(t.app.getHttpServer()).get('/api/auth/perfil').set('Authorization', `Bearer ${token}`);

it(`a password reset on one instance ends the older session on the other within the bound (${2 * POLL_MS} ms)`, async () => {
  const user = await createUser(a.db);
  const token = await tokenFor(a, user);
  // both instances have the account in memory
  await profile(a, token).expect(200);
  await profile(b, token).expect(200);

  // the link of the forgotten-password mail, used on A
  const link = randomBytes(32).toString('base64url');
  await a.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: createHash('sha256').update(link).digest('hex'),
    expiresAt: new Date(Date.now() + 60_000),
  });
  await request(a.app.getHttpServer())
    .post(`/api/auth/reset-password/${link}`)
    .send({ newPassword: 'A-new-password-1' })
    .expect(200);
  await profile(a, token).expect(401);

  // B learns of it from its own timer: no call into B here
  await sleep(2 * POLL_MS + 50);
  await profile(b, token).expect(401);
  // and the session of the new password works on both
  const login = await request(b.app.getHttpServer())
    .post('/api/auth/login')
    .send({ email: user.email, password: 'A-new-password-1' })
    .expect(200);
  const fresh = (login.body as { token: string }).token;
  await profile(b, fresh).expect(200);
  await profile(a, fresh).expect(200);
});
