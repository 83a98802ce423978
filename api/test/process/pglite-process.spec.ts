// The embedded database (PGlite) is one process's: a second API (or seed) on the same DATA_DIR
// is refused with a clear message, and an API killed with SIGKILL leaves a database that the
// next start opens, with everything committed before the kill. Always on PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { kill, spawnApi, waitHealthy, type ApiProcess } from '../support/api-process.js';
import { copyMigratedPglite, testTmpDir } from '../support/test-databases.js';

let dataDir: string;
let first: ApiProcess;
const started: ApiProcess[] = [];

// One API on one data dir for the file, the tests in their order: the first starts a second API
// beside it, the second kills it and starts the next. The data dir is a copy of the migrated
// template (a first start's initdb and migrations are startup-log's).
beforeAll(async () => {
  dataDir = mkdtempSync(join(testTmpDir, 'circo-pglite-process-'));
  await copyMigratedPglite(dataDir);
  first = await startApi();
  await waitHealthy(first);
});

afterAll(async () => {
  for (const api of started.splice(0)) await kill(api);
  rmSync(dataDir, { recursive: true, force: true });
});

async function startApi(): Promise<ApiProcess> {
  const api = await spawnApi({ DATA_DIR: dataDir, DATABASE_URL: '' });
  started.push(api);
  return api;
}

const user = {
  name: 'Ana',
  surname: 'Trapecio',
  email: 'ana.crash@example.com',
  password: 'Trapecio-2026',
};

async function post(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

it('refuses a second process on the same DATA_DIR with a clear message, and keeps the first running', async () => {
  const second = await startApi();
  const { code } = await second.exited;
  expect(code).toBe(1);
  expect(second.output()).toContain(`is in use by process ${first.child.pid}`);
  expect(second.output()).toContain('point DATABASE_URL at a PostgreSQL server');

  const health = await fetch(`${first.url}/api/health`);
  expect(health.status).toBe(200);
});

it('opens the database after a SIGKILL, with what was committed before it', async () => {
  expect((await post(first.url, '/users', user)).status).toBe(201);

  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

  // the dead process's lock is taken over; the data dir opens and still has the account
  const again = await startApi();
  await waitHealthy(again);
  const login = await post(again.url, '/auth/login', {
    email: user.email,
    password: user.password,
  });
  expect(login.status).toBe(200);
  expect(((await login.json()) as { token: string }).token).toEqual(expect.any(String));
});
