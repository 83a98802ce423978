import { jest } from '@jest/globals';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { payments } from '../../src/database/schema.js';
import { createCourse, createDiscount, createUser } from '../support/factories.js';
import { StripeStandIn } from '../support/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

jest.setTimeout(120_000);

// Launch day: a slow card provider must not hold the buyer's lock or a database
// connection. Starting a payment reserves its row in a short transaction and calls the provider
// after the commit; a double click still gets one payment and one provider object.

let t: TestApp;
let stand: StripeStandIn;

beforeAll(async () => {
  stand = await new StripeStandIn().start();
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_circo',
      publishableKey: 'pk_test_circo',
      webhookSecret: 'whsec_launch_day',
      host: '127.0.0.1',
      port: stand.port,
      protocol: 'http',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stand?.stop();
});

const api = () => request(t.app.getHttpServer());
/** Starts a checkout now (a supertest request is sent when awaited: this sends it at once). */
const start = (token: string, items: object[]) =>
  api()
    .post('/api/stripe/crear-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ items })
    .then((res) => res);

/** What PostgreSQL says of this test database's sessions: locks held, transactions left open. */
async function openWork(): Promise<{ advisory: number; idleInTransaction: number }> {
  const { rows } = (await t.db.execute(sql`
    select
      (select count(*)::int from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and a.datname = current_database()) as advisory,
      (select count(*)::int from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%') as "idleInTransaction"
  `)) as unknown as { rows: Array<{ advisory: number; idleInTransaction: number }> };
  return rows[0];
}

it('while the provider is creating the intent, the buyer holds no lock and no open transaction', async () => {
  const user = await createUser(t.db);
  const token = await tokenFor(t, user);
  const paid = await createCourse(t.db, { priceCents: 4000 });
  const free = await createCourse(t.db, { priceCents: 3000 });
  await createDiscount(t.db, {
    percentage: 100,
    type: 'course',
    targets: [{ itemType: 'course', itemId: free.id }],
  });
  await t.catalogChanged(); // the checkout prices with the vouchers this instance knows

  const slow = stand.hold('/v1/payment_intents');
  const order: string[] = [];
  const first = start(token, [{ id: paid.id, type: 'course' }]).then((res) => {
    order.push('paid cart');
    return res;
  });
  await slow.arrived;
  // the provider has the request: the API is inside its call
  if (process.env.DATABASE_URL) {
    expect(await openWork()).toEqual({ advisory: 0, idleInTransaction: 0 });
  }
  // the same buyer's next checkout start needs the buyer's lock: it is not held, so it answers
  // now (a free cart calls no provider). On a lock held across the call it would wait for the
  // provider; the fallback release only keeps such a run from hanging.
  const fallback = setTimeout(() => slow.release(), 15_000);
  const second = await start(token, [{ id: free.id, type: 'course' }]);
  order.push('free cart');
  slow.release();
  clearTimeout(fallback);
  const res = await first;

  expect(second.status).toBe(201);
  expect(second.body.free).toBe(true);
  expect(res.status).toBe(201);
  expect(order).toEqual(['free cart', 'paid cart']);
  const [row] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, res.body.paymentIntentId as string));
  expect(row).toMatchObject({
    userId: user.id,
    status: 'requires_payment_method',
    amountCents: 4000,
  });
  expect(row.providerIntentId).toBe(res.body.paymentIntentId);
});

it('a double click while the provider is slow: one payment, one provider object, the same answer', async () => {
  const user = await createUser(t.db);
  const token = await tokenFor(t, user);
  const course = await createCourse(t.db, { priceCents: 2500 });
  const cart = [{ id: course.id, type: 'course' }];
  const before = stand.requests.length;

  const slow = stand.hold('/v1/payment_intents');
  const click1 = start(token, cart);
  await slow.arrived;
  const click2 = start(token, cart);
  // the second click finds the reserved payment and asks the provider with the same key
  for (let i = 0; i < 500 && stand.requests.length < before + 2; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  slow.release();
  const [a, b] = await Promise.all([click1, click2]);

  expect([a.status, b.status]).toEqual([201, 201]);
  expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
  expect(b.body.clientSecret).toBe(a.body.clientSecret);
  const created = stand.requests.slice(before).filter((r) => r.path === '/v1/payment_intents');
  expect(new Set(created.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  const rows = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id)));
  expect(rows).toHaveLength(1);
  expect(rows[0].providerPaymentId).toBe(a.body.paymentIntentId);
});
