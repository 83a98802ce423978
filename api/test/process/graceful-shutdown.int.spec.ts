// SIGTERM on the built API process: it stops accepting connections, lets the request in flight
// finish (with the database still open), closes the pool and exits 0; a request that does not
// finish within SHUTDOWN_TIMEOUT_MS is cut and the process exits 1. On PGlite, or on PostgreSQL
// when DATABASE_URL is set.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  kill,
  spawnApi,
  waitForOutput,
  waitHealthy,
  type ApiProcess,
} from '../support/api-process.js';
import { copyMigratedPglite, createServerDatabase, testTmpDir } from '../support/test-databases.js';

let dataDir: string;
let dropDatabase: (() => Promise<void>) | null = null;
let api: ApiProcess | undefined;

async function start(env: Record<string, string> = {}): Promise<ApiProcess> {
  dataDir = mkdtempSync(join(testTmpDir, 'circo-shutdown-'));
  const serverUrl = process.env.DATABASE_URL?.trim();
  let databaseUrl = '';
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    // a copy of the migrated template: what is tested is the stop, not a first start
    await copyMigratedPglite(dataDir);
  }
  api = await spawnApi({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env });
  await waitHealthy(api);
  return api;
}

afterEach(async () => {
  await kill(api);
  api = undefined;
  await dropDatabase?.();
  dropDatabase = null;
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A login whose body is sent in two parts: the request stays in flight until `finish()`.
 * `received` resolves when the server has read its headers: the request asks `Expect:
 * 100-continue`, and Node's server answers `100 Continue` once it has taken the request in.
 */
function slowLogin(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' });
  let req!: ClientRequest;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(
      `${url}/api/auth/login`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      },
      (res: IncomingMessage) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const received = new Promise<void>((resolve) =>
    req.once('continue', () => {
      req.write(body.slice(0, half));
      resolve();
    }),
  );
  req.flushHeaders();
  return {
    answered,
    received,
    finish: () => req.end(body.slice(half)),
  };
}

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

it('on SIGTERM refuses new connections, finishes the request in flight, closes the database and exits 0', async () => {
  const app = await start();
  const login = slowLogin(app.url);
  // the request has reached the server (its headers are read) before the signal
  await login.received;
  app.child.kill('SIGTERM');
  await waitForOutput(app, 'no new connections');

  expect(await connectionRefused(app.port)).toBe(true);
  expect(app.child.exitCode).toBeNull();

  login.finish();
  const res = await login.answered;
  // a real answer, which needed the database: the pool was still open
  expect(res.status).toBe(401);
  expect(JSON.parse(res.body)).toMatchObject({ code: 'auth.invalid_credentials' });

  expect(await app.exited).toEqual({ code: 0, signal: null });
  expect(app.output()).toContain('database closed');
});

it('exits 1 when a request is still running SHUTDOWN_TIMEOUT_MS after SIGTERM', async () => {
  const app = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
  const stuck = slowLogin(app.url);
  stuck.answered.catch(() => undefined); // its connection is cut
  await stuck.received;
  const signalled = Date.now();
  app.child.kill('SIGTERM');

  expect(await app.exited).toEqual({ code: 1, signal: null });
  const took = Date.now() - signalled;
  expect(took).toBeGreaterThanOrEqual(1400);
  expect(took).toBeLessThan(10_000);
  expect(app.output()).toContain('stopping anyway');
});
