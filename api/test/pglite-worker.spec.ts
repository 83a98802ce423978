// PGlite in a worker thread (PGLITE_WORKER, the default): the main thread's Drizzle works through
// PgliteWorkerClient as through PGlite itself. Transactions commit and roll back, two never
// interleave, errors keep their fields, a dead worker answers 503 instead of hanging, and every
// column type reads back as the same JS value as from PGlite on the main thread. PGlite only:
// not an .int.spec, so the run on PostgreSQL (DATABASE_URL set) leaves it out.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { PgTable, PgView } from 'drizzle-orm/pg-core';
import request from 'supertest';
import { loadConfig } from '../src/config/app-config.js';
import {
  openDatabase,
  schema,
  type Database,
  type DatabaseHandle,
} from '../src/database/database.js';
import { asConstraintViolation, isDatabaseUnavailable } from '../src/database/db-errors.js';
import { PgliteWorkerClient } from '../src/database/pglite-worker-client.js';
import { seedDemo } from '../src/demo/seed.js';
import { copyMigratedPglite, createTestApp, testTmpDir } from './support/test-app.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const silent = { log: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clientOf = (db: Database) => (db as unknown as { $client: unknown }).$client;

/** The worker thread behind a client (private: only a test kills it). */
const workerOf = (db: Database) =>
  (clientOf(db) as unknown as { worker: import('node:worker_threads').Worker }).worker;

/** The driver error under Drizzle's DrizzleQueryError. */
async function failure(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const err = await p.then(
    () => null,
    (e: unknown) => e as Error,
  );
  if (!err) throw new Error('expected the statement to fail');
  return (err.cause ?? err) as Error & Record<string, unknown>;
}

const PROBE = sql`
  create table worker_probe (
    id integer primary key,
    note text not null,
    amount integer check (amount >= 0)
  )`;

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = mkdtempSync(join(testTmpDir, 'circo-pglite-worker-'));
  await copyMigratedPglite(dataDir);
  handle = await openDatabase({ dataDir, databaseUrl: null, pgliteWorker: true });
  await handle.db.execute(PROBE);
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const notes = async (db: Database, from: number, to: number) =>
  rowsOf<{ note: string }>(
    await db.execute(
      sql`select note from worker_probe where id between ${from} and ${to} order by id`,
    ),
  ).map((r) => r.note);

it('runs PGlite in a worker thread by default', () => {
  expect(clientOf(handle.db)).toBeInstanceOf(PgliteWorkerClient);
  expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).pgliteWorker).toBe(true);
});

it('commits a transaction, and rolls it back when the callback throws', async () => {
  const db = handle.db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into worker_probe (id, note) values (1, 'one'), (2, 'two')`);
    // a savepoint rolled back inside a committed transaction
    await tx
      .transaction(async (inner) => {
        await inner.execute(sql`insert into worker_probe (id, note) values (3, 'three')`);
        throw new Error('inner');
      })
      .catch(() => undefined);
  });
  expect(await notes(db, 1, 3)).toEqual(['one', 'two']);

  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe (id, note) values (4, 'four')`);
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe (id, note) values (5, 'five')`);
      tx.rollback();
    }),
  ).rejects.toThrow('Rollback');
  expect(await notes(db, 4, 5)).toEqual([]);
  // the database is free again after both
  expect(await notes(db, 1, 5)).toEqual(['one', 'two']);
});

it('runs two concurrent transactions one after the other, holding other statements meanwhile', async () => {
  const db = handle.db;
  const log: string[] = [];
  const run = (name: string, base: number) =>
    db.transaction(async (tx) => {
      log.push(`${name} begin`);
      await tx.execute(sql`insert into worker_probe (id, note) values (${base}, ${name})`);
      await sleep(50);
      await tx.execute(sql`insert into worker_probe (id, note) values (${base + 1}, ${name})`);
      log.push(`${name} commit`);
    });
  const a = run('a', 10);
  const b = run('b', 20);
  await sleep(10);
  // a statement outside both waits for the open transaction and sees all it wrote
  const outside = db
    .execute(sql`select count(*)::int as n from worker_probe where id between 10 and 21`)
    .then((r) => rowsOf<{ n: number }>(r)[0].n);
  const [n] = await Promise.all([outside, a, b]);
  expect(log).toEqual(['a begin', 'a commit', 'b begin', 'b commit']);
  expect(n % 2).toBe(0);
  expect(await notes(db, 10, 21)).toEqual(['a', 'a', 'b', 'b']);
});

it("keeps an error's code, constraint, table, column, detail and message across the thread", async () => {
  const db = handle.db;
  await db.execute(sql`insert into worker_probe (id, note) values (100, 'x')`);

  const unique = await failure(
    db.execute(sql`insert into worker_probe (id, note) values (100, 'y')`),
  );
  expect(unique).toBeInstanceOf(Error);
  expect(unique).toMatchObject({
    code: '23505',
    constraint: 'worker_probe_pkey',
    table: 'worker_probe',
    detail: 'Key (id)=(100) already exists.',
    message: 'duplicate key value violates unique constraint "worker_probe_pkey"',
  });
  expect(asConstraintViolation(unique)).toMatchObject({
    kind: 'unique',
    constraint: 'worker_probe_pkey',
  });

  const notNull = await failure(db.execute(sql`insert into worker_probe (id) values (101)`));
  expect(notNull).toMatchObject({ code: '23502', table: 'worker_probe', column: 'note' });
  const check = await failure(
    db.execute(sql`insert into worker_probe (id, note, amount) values (102, 'z', -1)`),
  );
  expect(asConstraintViolation(check)).toMatchObject({
    kind: 'check',
    constraint: 'worker_probe_amount_check',
  });

  // inside a transaction: the error ends it, rolled back, and the database is usable again
  const inTx = await failure(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe (id, note) values (103, 'w')`);
      await tx.execute(sql`insert into worker_probe (id, note) values (100, 'dup')`);
    }),
  );
  expect(inTx).toMatchObject({ code: '23505', constraint: 'worker_probe_pkey' });
  expect(await notes(db, 103, 103)).toEqual([]);

  // a parameter that cannot cross the thread fails its statement only
  const client = clientOf(db) as PgliteWorkerClient;
  await expect(client.query('select $1::text', [() => 'x'])).rejects.toThrow(/could not be cloned/);
  expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
});

it('fails fast with "database away" (503) when the worker dies, instead of hanging', async () => {
  const t = await createTestApp();
  try {
    expect(clientOf(t.db)).toBeInstanceOf(PgliteWorkerClient);
    expect((await request(t.app.getHttpServer()).get('/api/health')).status).toBe(200);

    // a statement on its way when the worker dies fails at once
    const slow = failure(t.db.execute(sql`select pg_sleep(20)`));
    await sleep(200);
    const started = Date.now();
    await workerOf(t.db).terminate();
    const err = await slow;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(isDatabaseUnavailable(err)).toBe(true);

    // and so does every later one: the API answers 503, not 500
    const health = await request(t.app.getHttpServer()).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ code: 'health.database_down' });
    const search = await request(t.app.getHttpServer()).get('/api/search?q=trapecio-zz&lang=es');
    expect(search.status).toBe(503);
    expect(search.body).toMatchObject({ statusCode: 503, code: 'common.service_unavailable' });
  } finally {
    await t.close();
  }
});

describe('the same values as PGlite on the main thread', () => {
  // every type the schema uses, and the others PGlite parses (arrays, bytea, json, interval)
  const literals = sql`select
    '7b0e6c3a-1f2d-4e5a-8b9c-0d1e2f3a4b5c'::uuid as uuid, 'día'::text as text,
    'x'::text collate "C" as byte_text, 12::smallint as int2, 2147483647::int as int4,
    9007199254740993::bigint as int8, 12.50::numeric(10, 2) as numeric, 1.5::float8 as float8,
    true as bool, '2026-02-28'::date as date, '2026-02-28 13:45:01.123'::timestamp as ts,
    '2026-02-28 13:45:01.123+01'::timestamptz as tstz, '1 day 02:00'::interval as interval,
    '{"es": "á", "n": [1, null]}'::jsonb as jsonb, '{"a": 1}'::json as json,
    '\\x00ff10'::bytea as bytea, array['a', null, 'c'] as text_arr, array[1, 2]::int[] as int_arr,
    array['2026-01-01'::date] as date_arr, array['2026-01-01 10:00+00'::timestamptz] as tstz_arr,
    array[1.5::numeric] as num_arr, null::text as nothing`;

  /** Everything read back: each table and view of the schema (Drizzle's typed mapping), the literals. */
  async function readAll(db: Database): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, table] of Object.entries(schema)) {
      if (!is(table, PgTable) && !is(table, PgView)) continue;
      out[name] = await db
        .select()
        .from(table as PgTable)
        .orderBy(sql`1`);
    }
    out.literals = rowsOf(await db.execute(literals));
    out.typed = await db
      .select({
        tstz: sql<Date>`'2026-02-28 13:45:01.123+01'::timestamptz`.mapWith(
          schema.courses.createdAt,
        ),
        json: sql`'{"a": [1, 2]}'::jsonb`.mapWith(schema.courses.title),
        int8: sql`9007199254740993::bigint`,
      })
      .from(sql`(select 1) one`);
    const err = await failure(db.execute(sql`insert into worker_probe (id) values (100)`));
    out.error = Object.fromEntries(
      ['name', 'code', 'message', 'severity', 'table', 'column', 'schema', 'routine', 'query'].map(
        (k) => [k, err[k]],
      ),
    );
    return out;
  }

  it('reads every table, every column type and an error alike both ways', async () => {
    const dir = mkdtempSync(join(testTmpDir, 'circo-pglite-both-'));
    await copyMigratedPglite(dir);
    const config = {
      ...loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }),
      seedDemoAccounts: true,
    };
    try {
      const worker = await openDatabase({ ...config, pgliteWorker: true });
      let fromWorker: Record<string, unknown>;
      try {
        expect(await seedDemo(worker.db, config, silent)).not.toBeNull();
        await worker.db.execute(PROBE);
        fromWorker = await readAll(worker.db);
      } finally {
        await worker.close();
      }
      const main = await openDatabase({ ...config, pgliteWorker: false });
      try {
        expect(clientOf(main.db)).not.toBeInstanceOf(PgliteWorkerClient);
        const fromMain = await readAll(main.db);
        expect(fromWorker).toEqual(fromMain);
        // and the seed wrote something to compare
        expect((fromMain.courses as unknown[]).length).toBeGreaterThan(0);
        expect((fromMain.presentialFormations as unknown[]).length).toBeGreaterThan(0);
      } finally {
        await main.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
