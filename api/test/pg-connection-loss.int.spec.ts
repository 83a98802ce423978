// PostgreSQL connections terminated under the API (a server restart, a failover,
// pg_terminate_backend): the statements in flight fail as "database unavailable" (503), the
// process never crashes (a connection lost inside a transaction, between two statements, used to
// end it: found by `npm run chaos`), and the pool reconnects by itself. Needs the PostgreSQL
// server at DATABASE_URL, or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/database/database.js';
import { isDatabaseUnavailable } from '../src/database/db-errors.js';
import { createServerDatabase } from './support/test-databases.js';

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  handle = await openDatabase(
    {
      dataDir: '/nonexistent',
      databaseUrl: shared.url,
      dbPool: { max: 4, connectTimeoutMs: 1000, statementTimeoutMs: 2000 },
    },
    { migrate: false },
  );
});
afterAll(async () => {
  await handle?.close();
  await shared?.drop();
});

async function admin(text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

const terminateAll = () =>
  admin(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [shared.name],
  );

/** Waits until the server has ended every terminated connection to the test database. */
async function connectionsGone() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [shared.name],
    );
    if ((rows[0] as { n: number }).n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`connections to ${shared.name} still open 5 s after pg_terminate_backend`);
}

it('fails a transaction whose connection is terminated between two statements, and recovers', async () => {
  const failed = await handle.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await terminateAll();
      await connectionsGone();
      await tx.execute(sql`select 2`);
    })
    .then(
      () => null,
      (err: unknown) => err,
    );
  expect(failed).toBeTruthy();
  expect(isDatabaseUnavailable(failed)).toBe(true);

  // the pool dropped the dead connections and opens new ones
  const rows = await handle.db.execute(sql`select 40 + 2 as answer`);
  expect((rows as unknown as { rows: Array<{ answer: number }> }).rows[0].answer).toBe(42);
});

it('answers "unavailable" within the connect timeout while the database refuses connections, then recovers', async () => {
  await admin(`alter database ${shared.name} allow_connections false`);
  try {
    await terminateAll();
    const started = Date.now();
    const err = await handle.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  } finally {
    await admin(`alter database ${shared.name} allow_connections true`);
  }
  await expect(handle.db.execute(sql`select 1`)).resolves.toBeTruthy();
});

it('cancels a statement that runs past the statement timeout (503, not a hang)', async () => {
  const started = Date.now();
  const err = await handle.db.execute(sql`select pg_sleep(10)`).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDatabaseUnavailable(err)).toBe(true);
  expect(Date.now() - started).toBeLessThan(5000);
});
