import { and, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { accessGrants, localProviderObjects, payments } from '../../src/database/schema.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createCourse, createUser } from '../support/factories.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

// Two tabs with overlapping carts (A: x + y, B: x) paid at the same moment: found by `npm run
// load` on PostgreSQL, where both payments granted x. Each item is granted once per buyer, and x
// is paid once: the payment that came second gives back what it charged for x (all of B, or x's
// part of A).

let t: TestApp;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (path: string, token: string, body: object) =>
  request(t.app.getHttpServer())
    .post(`/api${path}`)
    .set('Authorization', `Bearer ${token}`)
    .send(body);

it('grants an item once when two payments that both contain it are paid at once, 10 times', async () => {
  for (let round = 0; round < 10; round++) {
    const x = await createCourse(t.db, { priceCents: 2000 });
    const y = await createCourse(t.db, { priceCents: 1500 });
    const user = await createUser(t.db);
    const token = await tokenFor(t, user);
    const [a, b] = await Promise.all([
      post('/stripe/crear-payment-intent', token, {
        items: [
          { id: x.id, type: 'course' },
          { id: y.id, type: 'course' },
        ],
      }),
      post('/stripe/crear-payment-intent', token, { items: [{ id: x.id, type: 'course' }] }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const paid = await Promise.all(
      [a, b].map((r) =>
        post('/stripe/local/confirm', token, {
          paymentIntentId: r.body.paymentIntentId,
          ...CARD,
        }),
      ),
    );
    expect(paid.map((r) => r.body.status)).toEqual(['succeeded', 'succeeded']);
    await t.app.get(JobsService).drain(); // the receipt and refund jobs

    const grantsOfX = await t.db
      .select()
      .from(accessGrants)
      .where(
        and(
          eq(accessGrants.userId, user.id),
          eq(accessGrants.itemId, x.id),
          eq(accessGrants.kind, 'purchase'),
        ),
      );
    expect(grantsOfX).toHaveLength(1);
    const mine = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(mine.every((p) => p.fulfilledAt)).toBe(true);

    // x's 20.00 went back once, at the provider, by the refund job written with the grants
    const objects = await t.db
      .select()
      .from(localProviderObjects)
      .where(
        inArray(
          localProviderObjects.id,
          mine.map((p) => p.providerPaymentId),
        ),
      );
    const refunds = objects
      .map((o) => ({
        amount: o.amountCents,
        refundedCents: Number(o.metadata.refunded_cents ?? 0),
        refunded: o.refunded,
      }))
      .filter((o) => o.refundedCents > 0);
    expect(refunds).toHaveLength(1);
    const [back] = refunds;
    expect(back.refundedCents).toBe(2000);
    // all of B (2000 of 2000), or x's part of A (2000 of 3500), which stays paid for y
    expect(back.refunded).toBe(back.amount === 2000);
    expect(mine.filter((p) => p.status === 'refunded')).toHaveLength(back.amount === 2000 ? 1 : 0);
  }
});

it('a cart paid after another tab bought one of its items gives back that item only', async () => {
  const x = await createCourse(t.db, { priceCents: 2000 });
  const y = await createCourse(t.db, { priceCents: 1500 });
  const user = await createUser(t.db);
  const token = await tokenFor(t, user);
  // tab A starts paying x + y; meanwhile tab B buys x
  const a = await post('/stripe/crear-payment-intent', token, {
    items: [
      { id: x.id, type: 'course' },
      { id: y.id, type: 'course' },
    ],
  });
  const b = await post('/stripe/crear-payment-intent', token, {
    items: [{ id: x.id, type: 'course' }],
  });
  for (const started of [b, a]) {
    const paid = await post('/stripe/local/confirm', token, {
      paymentIntentId: started.body.paymentIntentId,
      ...CARD,
    });
    expect(paid.body.status).toBe('succeeded');
  }
  await t.app.get(JobsService).drain();

  const [intentA] = await t.db
    .select()
    .from(localProviderObjects)
    .where(eq(localProviderObjects.id, a.body.paymentIntentId));
  expect(intentA.amountCents).toBe(3500);
  expect(intentA.metadata.refunded_cents).toBe('2000');
  expect(intentA.refunded).toBe(false);
  const paymentOf = async (intentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0];
  const paymentA = await paymentOf(a.body.paymentIntentId);
  const paymentB = await paymentOf(b.body.paymentIntentId);
  // A stays paid (for y); B is untouched
  expect(paymentA.status).toBe('succeeded');
  expect(paymentB.status).toBe('succeeded');
  // x came from B, y from A: each granted once
  const grants = await t.db.select().from(accessGrants).where(eq(accessGrants.userId, user.id));
  const byItem = Object.fromEntries(grants.map((g) => [g.itemId, g.paymentId]));
  expect(grants).toHaveLength(2);
  expect(byItem).toEqual({ [x.id]: paymentB.id, [y.id]: paymentA.id });
});
