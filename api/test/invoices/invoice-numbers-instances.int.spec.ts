// 200 buyers paying at once through two API instances on one PostgreSQL database (PGlite is one
// process: it cannot be shared), as behind a load balancer: every paid payment gets one invoice
// and the numbers are unique and consecutive, with no gap. Needs the PostgreSQL server at
// DATABASE_URL, or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { jest } from '@jest/globals';
import { asc } from 'drizzle-orm';
import { invoices } from '../../src/database/schema.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { createCourse, createPayment, createUser } from '../support/factories.js';
import { createServerDatabase, createTestApp, type TestApp } from '../support/test-app.js';

jest.setTimeout(300_000);

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const BUYERS = 200;

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let a: TestApp;
let b: TestApp;

// 100 payments at once per instance queue for its 10 connections: on a loaded machine longer
// than the default 5 s a request waits for one (it would be a 503 and a retry)
const env = { DB_CONNECT_TIMEOUT_MS: '120000' };

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  a = await createTestApp({}, env, { databaseUrl: shared.url });
  b = await createTestApp({}, env, { databaseUrl: shared.url });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await shared?.drop();
});

it(`gives ${BUYERS} buyers paying at once on two instances consecutive, unique numbers`, async () => {
  const course = await createCourse(a.db, { priceCents: 4900 });
  const paid = [];
  for (let i = 0; i < BUYERS; i++) {
    const user = await createUser(a.db);
    paid.push(
      await createPayment(a.db, {
        userId: user.id,
        items: [{ type: 'course', id: course.id, priceCents: 4900 }],
      }),
    );
  }
  // the fulfilment every confirm call, provider page and webhook runs, half on each instance
  const results = await Promise.allSettled(
    paid.map((p, i) => (i % 2 === 0 ? a : b).app.get(PaymentsService).fulfil(p.id)),
  );
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

  const rows = await a.db.select().from(invoices).orderBy(asc(invoices.seq));
  const year = new Date().getUTCFullYear();
  expect(rows).toHaveLength(BUYERS);
  expect(new Set(rows.map((r) => r.paymentId)).size).toBe(BUYERS);
  expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: BUYERS }, (_, i) => i + 1));
  expect(rows.map((r) => r.number)).toEqual(
    Array.from({ length: BUYERS }, (_, i) => `F${year}-${String(i + 1).padStart(6, '0')}`),
  );
  // ES by default (no billing details, no profile: the seller's country), 21% inside 49.00
  expect(rows.every((r) => r.totalCents === 4900 && r.taxCents === 850)).toBe(true);
});
