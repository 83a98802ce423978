// A transaction has one connection, which answers one statement at a time: reads sent side by
// side on it are queued by node-postgres (with a deprecation warning; its next major refuses
// them). The admin's writes, which answer with lists read in their transaction, send them one
// after the other (TransactionHost.all). Needs the PostgreSQL server at DATABASE_URL, or
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), as CI provides: PGlite
// has no connections to share.
import pg from 'pg';
import type { AdminCourse, AdminFormation } from '@circo/shared-contracts';
import { createServerDatabase, createTestApp, type TestApp } from './support/test-app.js';
import { createUser } from './support/factories.js';
import { tokenFor } from './catalog/catalog-helpers.js';
import {
  call,
  classBody,
  courseBody,
  formationBody,
  text,
  voucherBody,
} from './admin/admin-helpers.js';

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

/** node-postgres's own state of a connection: the statement it runs and the ones waiting. */
interface ClientState {
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let t: TestApp;
let token: string;
const overlapping: string[] = [];
const query = pg.Client.prototype.query;

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  t = await createTestApp({}, { JOBS_WORKER: 'false' }, { databaseUrl: shared.url });
  token = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  // every statement sent while its connection still runs another is noted (the driver's queue)
  pg.Client.prototype.query = function (this: ClientState, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      const sent = args[0] as string | { text?: string };
      overlapping.push(String(typeof sent === 'string' ? sent : sent?.text).slice(0, 120));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t?.close();
  await shared?.drop();
});

it("the admin's catalogue writes and vouchers send one statement at a time on their connection", async () => {
  const course = (await call(t, token, 'post', '/courses', courseBody('Aro')).expect(201))
    .body as AdminCourse;
  for (const name of ['Uno', 'Dos'])
    await call(t, token, 'post', `/course-classes/${course._id}`, classBody(name)).expect(201);
  await call(t, token, 'put', `/courses/${course._id}`, courseBody('Aro aéreo')).expect(200);
  const formation = (await call(t, token, 'post', '/formations', formationBody()).expect(201))
    .body as AdminFormation;
  await call(t, token, 'post', '/modules', {
    formationId: formation._id,
    title: text('Módulo 1'),
    description: text('Primero'),
  }).expect(201);
  await call(t, token, 'post', '/discounts', voucherBody(course._id)).expect(201);
  await call(t, token, 'get', '/courses/admin').expect(200);
  await call(t, token, 'get', '/formations/admin').expect(200);
  await call(t, token, 'get', '/discounts').expect(200);
  expect(overlapping).toEqual([]);
});
