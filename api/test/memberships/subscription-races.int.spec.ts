// Two API instances on one PostgreSQL database (PGlite is one process: it cannot be shared), as
// behind a load balancer: the confirm call on one and the provider's report (the reconciler, or a
// webhook with Stripe) on the other register a paid period at the same moment, and both clocks
// renew the same subscription at once; with Stripe, the confirm call on one and Stripe's webhooks
// on both. One subscription, one period per payment, never two.
// Needs the PostgreSQL server at DATABASE_URL, or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { payments, subscriptionPeriods, subscriptions } from '../../src/database/schema.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { LocalPaymentProvider } from '../../src/modules/payments/providers/local-payment.provider.js';
import { StripeStandIn } from '../support/stripe-stand-in.js';
import { newWebhookSecret, sendStripeEvent, stripeSettings } from '../support/stripe-webhooks.js';
import { createServerDatabase, createTestApp, type TestApp } from '../support/test-app.js';
import {
  CARD,
  OK,
  clock,
  endPeriod,
  makePlan,
  row,
  send,
  student,
  subscribe,
} from './membership-helpers.js';

jest.setTimeout(180_000);

const serverUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

let shared: Awaited<ReturnType<typeof createServerDatabase>>;
let a: TestApp;
let b: TestApp;
// the same two instances with Stripe keys, on a database of their own
let stripeDb: Awaited<ReturnType<typeof createServerDatabase>>;
let stand: StripeStandIn;
let sa: TestApp;
let sb: TestApp;

beforeAll(async () => {
  shared = await createServerDatabase(serverUrl);
  a = await createTestApp({}, {}, { databaseUrl: shared.url });
  b = await createTestApp({}, {}, { databaseUrl: shared.url });
  stripeDb = await createServerDatabase(serverUrl);
  stand = await new StripeStandIn().start();
  const stripe = stripeSettings(stand, newWebhookSecret());
  // one secret, as every instance behind a load balancer has: a session works on both
  const env = { JWT_SECRET: randomBytes(32).toString('hex') };
  sa = await createTestApp({ stripe }, env, { databaseUrl: stripeDb.url });
  sb = await createTestApp({ stripe }, env, { databaseUrl: stripeDb.url });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await sa?.close();
  await sb?.close();
  await shared?.drop();
  await stripeDb?.drop();
  await stand?.stop();
});

const periodsOf = (id: string) =>
  a.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, id));

it('the first payment registered by both instances at once: one active subscription, one period', async () => {
  for (let round = 0; round < 5; round++) {
    const plan = await makePlan(a, {});
    const { user, token } = await student(a);
    const started = await subscribe(a, token, plan._id);
    // the card is charged at the provider; then both instances learn of it at the same moment
    await a.app
      .get(LocalPaymentProvider)
      .payIntent(started.paymentIntentId, { cardNumber: OK, ...CARD });
    await Promise.all([
      a.app.get(PaymentsService).fulfilProviderObject(started.paymentIntentId),
      b.app.get(PaymentsService).fulfilProviderObject(started.paymentIntentId),
      b.app.get(PaymentsService).fulfilProviderObject(started.paymentIntentId),
    ]);
    const subs = await a.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]!.status).toBe('active');
    expect(await periodsOf(subs[0]!.id)).toHaveLength(1);
    const paid = await a.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(paid.map((p) => p.status)).toEqual(['succeeded']);
  }
});

it('both instances’ clocks renew the same period at once: one renewal, one payment', async () => {
  const plan = await makePlan(a, {});
  const { user, token } = await student(a);
  const started = await subscribe(a, token, plan._id);
  await a.app
    .get(LocalPaymentProvider)
    .payIntent(started.paymentIntentId, { cardNumber: OK, ...CARD });
  await a.app.get(PaymentsService).fulfilProviderObject(started.paymentIntentId);
  const id = started.subscriptionId;
  await endPeriod(a, id);
  const results = await Promise.all([clock(a).renew(id), clock(b).renew(id), clock(b).renew(id)]);
  expect(results.filter((r) => r === 'renewed').length).toBeGreaterThanOrEqual(1);
  expect(await periodsOf(id)).toHaveLength(2);
  const paid = await a.db.select().from(payments).where(eq(payments.userId, user.id));
  // the first period and one renewal: no second charge of the same period
  expect(paid.filter((p) => p.status === 'succeeded')).toHaveLength(2);
  expect(paid).toHaveLength(2);
});

it('with Stripe, the confirm call on one instance and the webhooks on both at once: one subscription, one period', async () => {
  for (let round = 0; round < 5; round++) {
    const plan = await makePlan(sa, {});
    const { user, token } = await student(sa);
    const started = await subscribe(sa, token, plan._id);
    const stripeId = (await row(sa, started.subscriptionId))!.providerSubscriptionId;
    const invoice = stand.payInvoice(stand.subscription(stripeId).latest_invoice as string);
    const confirm = (t: TestApp) =>
      send(t, 'post', '/stripe/confirmar-compra-payment-intent', token, {
        paymentIntentId: started.paymentIntentId,
      });
    const eventId = `evt_race_${round}_${started.subscriptionId}`;
    const answers = await Promise.all([
      confirm(sa),
      sendStripeEvent(sb, 'invoice.paid', invoice, { id: eventId }),
      sendStripeEvent(sa, 'invoice.paid', invoice, { id: eventId }),
      sendStripeEvent(sb, 'payment_intent.succeeded', stand.intent(started.paymentIntentId)),
      confirm(sb),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const subs = await sa.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]!.status).toBe('active');
    expect(
      await sa.db
        .select()
        .from(subscriptionPeriods)
        .where(eq(subscriptionPeriods.subscriptionId, subs[0]!.id)),
    ).toHaveLength(1);
    const paid = await sa.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(paid.map((p) => p.status)).toEqual(['succeeded']);
  }
});
