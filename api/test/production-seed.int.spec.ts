// A production start (NODE_ENV=production, or a PostgreSQL server through DATABASE_URL) on an empty
// database creates no account with a published password, and tells how to create the admin.
import { jest } from '@jest/globals';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config/app-config.js';
import { DATABASE_HANDLE, type DatabaseHandle } from '../src/database/database.js';
import { prepareDatabase } from '../src/demo/prepare.js';
import { DEMO_ACCOUNTS, DEMO_COACH_NAME } from '../src/demo/seed.js';
import { certificateSigner, courses, users } from '../src/database/schema.js';
import { verifyPassword } from '../src/modules/users/password.js';
import { createTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(120_000);

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** A started app on a fresh empty database, its configuration read from `env` like `npm start`. */
async function start(env: Record<string, string | undefined>): Promise<TestApp> {
  const t = await createTestApp({}, env);
  opened.push(t);
  return t;
}

async function rows(t: TestApp) {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [c] = await t.db.select({ n: count() }).from(courses);
  return { users: u.n, courses: c.n };
}

const logger = () => {
  const lines: string[] = [];
  const push = (m: unknown) => void lines.push(String(m));
  return { lines, log: push, warn: push };
};

it('a NODE_ENV=production start on an empty database seeds nothing and creates no account', async () => {
  const t = await start({ NODE_ENV: 'production', SEED_DEMO: undefined });
  expect(t.config.seedDemo).toBe(false);
  expect(await rows(t)).toEqual({ users: 0, courses: 0 });
});

it('NODE_ENV=production with SEED_DEMO=true seeds the demo catalogue but no account', async () => {
  const t = await start({ NODE_ENV: 'production', SEED_DEMO: 'true' });
  const after = await rows(t);
  expect(after.courses).toBeGreaterThan(0);
  expect(after.users).toBe(0);
});

it('a DATABASE_URL start on an empty database creates no account, even with SEED_DEMO=true, and logs how to create the admin', async () => {
  const t = await start({});
  const handle = t.app.get<DatabaseHandle>(DATABASE_HANDLE);
  // the start-up preparation as it runs with a PostgreSQL server configured
  for (const SEED_DEMO of [undefined, 'true']) {
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: t.config.jwtSecret,
      DATABASE_URL: 'postgres://circo@db.example.com:5432/circo',
      SEED_DEMO,
    });
    const log = logger();
    await prepareDatabase(handle, config, log);
    expect((await rows(t)).users).toBe(0);
    expect(log.lines.join('\n')).toMatch(/ADMIN_EMAIL.*ADMIN_PASSWORD/);
    expect(log.lines.join('\n')).not.toContain(DEMO_ACCOUNTS.admin.password);
  }
  expect((await rows(t)).courses).toBeGreaterThan(0);
  expect(await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email))).toEqual(
    [],
  );
});

it('with ADMIN_EMAIL and ADMIN_PASSWORD a production start creates exactly that admin', async () => {
  const t = await start({
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'Owner@Circo.Example',
    ADMIN_PASSWORD: 'Very-Secret-2026',
  });
  const all = await t.db.select().from(users);
  expect(all.map((u) => [u.email, u.role])).toEqual([['owner@circo.example', 'admin']]);
  expect(await verifyPassword('Very-Secret-2026', all[0].passwordHash)).toBe(true);
});

it('the embedded demo (no DATABASE_URL, not production) still seeds the demo accounts', async () => {
  if (process.env.DATABASE_URL) {
    // on a server the demo accounts are never created: the test above covers that run
    const t = await start({ SEED_DEMO: undefined });
    expect((await rows(t)).users).toBe(0);
    return;
  }
  const t = await start({ SEED_DEMO: undefined });
  const [admin] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  expect(admin.role).toBe('admin');
  // the demo certificates are signed with the coach's name, not a blank line
  const [signer] = await t.db.select().from(certificateSigner);
  expect(signer.coachName).toBe(DEMO_COACH_NAME);
});
