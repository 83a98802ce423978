import { eq } from 'drizzle-orm';
import request from 'supertest';
import { accessGrants, payments } from '../../src/database/schema.js';
import { PaymentsReconciler } from '../../src/modules/payments/payments-reconciler.service.js';
import { LocalPaymentProvider } from '../../src/modules/payments/providers/local-payment.provider.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createCourse, createFormationWithModules, createUser } from '../support/factories.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

// A card charged on the local provider whose request died before the items were registered (the
// API killed, the database away between the two): the reconciler, which runs at start and every
// 30 s, registers them once, as Stripe's redelivered webhook would.

let t: TestApp;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = () => request(t.app.getHttpServer());
const grantsOf = (userId: string) =>
  t.db.select().from(accessGrants).where(eq(accessGrants.userId, userId));

async function buyer() {
  const user = await createUser(t.db);
  return { user, token: await tokenFor(t, user) };
}

it('registers a paid embedded payment that nothing registered, once however often it runs', async () => {
  const course = await createCourse(t.db, { priceCents: 2500 });
  const formation = await createFormationWithModules(t.db);
  const { user, token } = await buyer();
  const started = await api()
    .post('/api/stripe/crear-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({
      items: [
        { id: course.id, type: 'course' },
        { id: formation.id, type: 'formation' },
      ],
    })
    .expect(201);
  const intentId = started.body.paymentIntentId as string;
  // the provider charged the card; the process died before it registered anything
  expect(await t.app.get(LocalPaymentProvider).payIntent(intentId, CARD)).toEqual({
    status: 'succeeded',
    cardCountry: 'US',
  });
  expect(await grantsOf(user.id)).toHaveLength(0);

  const reconciler = t.app.get(PaymentsReconciler);
  expect(await reconciler.runOnce()).toBe(1);
  const grants = await grantsOf(user.id);
  expect(grants.map((g) => g.itemId).sort()).toEqual([course.id, formation.id].sort());
  const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
  expect(payment).toMatchObject({ status: 'succeeded', fulfilledAt: expect.any(Date) });

  // again, and the buyer's success page confirming afterwards: nothing more
  expect(await reconciler.runOnce()).toBe(0);
  const confirmed = await api()
    .post('/api/stripe/confirmar-compra-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ paymentIntentId: intentId })
    .expect(200);
  expect(confirmed.body).toMatchObject({ success: true, outcome: 'registered' });
  expect(await grantsOf(user.id)).toHaveLength(2);
});

it('registers a paid hosted checkout session by its session, and leaves unpaid ones alone', async () => {
  const course = await createCourse(t.db, { priceCents: 3000 });
  const unpaidCourse = await createCourse(t.db, { priceCents: 1000 });
  const { user, token } = await buyer();
  const session = await api()
    .post('/api/stripe/crear-sesion')
    .set('Authorization', `Bearer ${token}`)
    .send({ items: [{ id: course.id, type: 'course' }] })
    .expect(201);
  await api()
    .post('/api/stripe/crear-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ items: [{ id: unpaidCourse.id, type: 'course' }] })
    .expect(201);
  const local = t.app.get(LocalPaymentProvider);
  expect((await local.paySession(session.body.id as string, CARD)).status).toBe('succeeded');

  expect(await t.app.get(PaymentsReconciler).runOnce()).toBe(1);
  expect((await grantsOf(user.id)).map((g) => g.itemId)).toEqual([course.id]);
  const [paid] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, session.body.id as string));
  expect(paid.providerIntentId).toMatch(/^pi_local_/);
});
