import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { accessGrants, payments, processedWebhookEvents } from '../../src/database/schema.js';
import { STRIPE_API_VERSION } from '../../src/modules/payments/providers/stripe-payment.provider.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { StripeStandIn } from '../support/stripe-stand-in.js';
import { createCourse, createUser } from '../support/factories.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

jest.setTimeout(180_000);

/** A second name of the shop (PUBLIC_ORIGINS), as a buyer on the local network reaches it. */
const SHOP_ON_LAN = 'http://127.0.0.1:3977';

// The Stripe path: the real `stripe` SDK, pointed at a local stand-in of api.stripe.com, and
// webhooks signed with the SDK's own test-header helper.

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const signer = new Stripe('sk_test_signer');
let t: TestApp;
let stand: StripeStandIn;

beforeAll(async () => {
  stand = await new StripeStandIn().start();
  t = await createTestApp(
    {
      stripe: {
        secretKey: 'sk_test_circo',
        publishableKey: 'pk_test_circo',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: stand.port,
        protocol: 'http',
      },
    },
    { PUBLIC_ORIGINS: `${SHOP_ON_LAN}, https://www.circo.example` },
  );
});
afterAll(async () => {
  await t?.close();
  await stand?.stop();
});

const api = () => request(t.app.getHttpServer());

async function buyer() {
  const user = await createUser(t.db);
  return { user, token: await tokenFor(t, user) };
}

async function start(token: string, items: object[]) {
  const res = await api()
    .post('/api/stripe/crear-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ items });
  expect(res.status).toBe(201);
  return res.body as {
    paymentIntentId: string;
    clientSecret: string;
    amount: number;
    provider: string;
  };
}

const confirm = (token: string, paymentIntentId: string) =>
  api()
    .post('/api/stripe/confirmar-compra-payment-intent')
    .set('Authorization', `Bearer ${token}`)
    .send({ paymentIntentId });

let eventSeq = 0;
function sendEvent(
  type: string,
  object: object,
  opts: { id?: string; secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${++eventSeq}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
  const header =
    opts.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET })
      : opts.signature;
  const req = api().post('/api/stripe/webhook').set('Content-Type', 'application/json');
  if (header !== null) void req.set('Stripe-Signature', header);
  return req.send(payload);
}

const grantsOf = (userId: string) =>
  t.db.select().from(accessGrants).where(eq(accessGrants.userId, userId));

it('creates a PaymentIntent through the SDK with the server price, an idempotency key and the pinned API version', async () => {
  const course = await createCourse(t.db, { priceCents: 8900 });
  const { user, token } = await buyer();
  const started = await start(token, [{ id: course.id, type: 'course', price: 0.01 }]);
  expect(started).toMatchObject({ provider: 'stripe', amount: 89 });
  expect(started.paymentIntentId).toMatch(/^pi_test_/);
  const call = stand.requests.find(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      r.body['metadata[userId]'] === user.id,
  );
  expect(call?.body.amount).toBe('8900');
  expect(call?.body.currency).toBe('usd');
  expect(call?.headers['idempotency-key']).toBeTruthy();
  expect(call?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  expect(call?.headers.authorization).toBe('Bearer sk_test_circo');
});

it('registers the purchase from a signed payment_intent.succeeded webhook, once per event', async () => {
  const course = await createCourse(t.db);
  const { user, token } = await buyer();
  const started = await start(token, [{ id: course.id, type: 'course' }]);
  const pi = stand.succeed(started.paymentIntentId);
  const eventId = `evt_once_${randomBytes(4).toString('hex')}`;

  const first = await sendEvent('payment_intent.succeeded', pi, { id: eventId }).expect(200);
  expect(first.body).toEqual({ received: true, duplicate: false });
  expect(await grantsOf(user.id)).toHaveLength(1);

  const again = await sendEvent('payment_intent.succeeded', pi, { id: eventId }).expect(200);
  expect(again.body).toEqual({ received: true, duplicate: true });
  expect(await grantsOf(user.id)).toHaveLength(1);
  expect(
    await t.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, eventId)),
  ).toHaveLength(1);

  // the success page confirms afterwards: registered, nothing new
  const result = await confirm(token, started.paymentIntentId).expect(200);
  expect(result.body).toMatchObject({ success: true, outcome: 'registered' });
  expect(await grantsOf(user.id)).toHaveLength(1);
});

it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
  const course = await createCourse(t.db);
  const { user, token } = await buyer();
  const started = await start(token, [{ id: course.id, type: 'course' }]);
  const pi = stand.succeed(started.paymentIntentId);
  for (const opts of [
    { secret: 'whsec_wrong' },
    { signature: null },
    { signature: 't=1,v1=deadbeef' },
  ]) {
    const res = await sendEvent('payment_intent.succeeded', pi, opts);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('payments.bad_signature');
  }
  expect(await grantsOf(user.id)).toEqual([]);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, started.paymentIntentId));
  expect(payment.fulfilledAt).toBeNull();
});

it('registers once when confirm calls and webhooks race, 50 times', async () => {
  for (let round = 0; round < 50; round++) {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const started = await start(token, [{ id: course.id, type: 'course' }]);
    const pi = stand.succeed(started.paymentIntentId);
    const eventId = `evt_race_${round}_${randomBytes(4).toString('hex')}`;
    const answers = await Promise.all([
      confirm(token, started.paymentIntentId),
      sendEvent('payment_intent.succeeded', pi, { id: eventId }),
      confirm(token, started.paymentIntentId),
      sendEvent('payment_intent.succeeded', pi, { id: eventId }),
      sendEvent('payment_intent.succeeded', pi),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await grantsOf(user.id)).toHaveLength(1);
  }
});

it('a payment that is not paid yet registers nothing, a declined one reports failure', async () => {
  const course = await createCourse(t.db);
  const { user, token } = await buyer();
  const started = await start(token, [{ id: course.id, type: 'course' }]);
  stand.decline(started.paymentIntentId);
  const res = await confirm(token, started.paymentIntentId).expect(200);
  expect(res.body).toMatchObject({ success: false, outcome: 'failed' });
  expect(await grantsOf(user.id)).toEqual([]);
});

it('checkout.session.completed registers a hosted checkout, and charge.refunded ends the access', async () => {
  const course = await createCourse(t.db, { priceCents: 1500 });
  const { user, token } = await buyer();
  const created = await api()
    .post('/api/stripe/crear-sesion')
    .set('Authorization', `Bearer ${token}`)
    .send({ items: [{ id: course.id, type: 'course' }], lang: 'fr' })
    .expect(201);
  expect(created.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  const call = stand.requests.find(
    (r) => r.path === '/v1/checkout/sessions' && r.body['metadata[userId]'] === user.id,
  );
  expect(call?.body['line_items[0][price_data][unit_amount]']).toBe('1500');
  expect(call?.body.locale).toBe('fr');
  expect(call?.body.success_url).toBe(
    `${t.config.publicUrl}/pago-exitoso?session_id={CHECKOUT_SESSION_ID}`,
  );

  // asked from no configured origin: back to PUBLIC_URL
  expect(call?.body.cancel_url).toBe(`${t.config.publicUrl}/pago-embed`);

  const session = stand.completeSession(created.body.id);
  await sendEvent('checkout.session.completed', session).expect(200);
  expect(await grantsOf(user.id)).toHaveLength(1);
  const result = await api()
    .get(`/api/stripe/confirmar-compra?session_id=${created.body.id}`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  expect(result.body.outcome).toBe('registered');

  // a partial refund keeps the access; the whole amount ends it
  const charge = {
    id: 'ch_test_1',
    object: 'charge',
    payment_intent: session.payment_intent,
    amount: 1500,
  };
  await sendEvent('charge.refunded', { ...charge, amount_refunded: 500, refunded: false }).expect(
    200,
  );
  const mine = () => api().get('/api/users/mis-compras').set('Authorization', `Bearer ${token}`);
  expect((await mine()).body.cursos).toHaveLength(1);
  await sendEvent('charge.refunded', { ...charge, amount_refunded: 1500, refunded: true }).expect(
    200,
  );
  expect((await mine()).body.cursos).toEqual([]);
  expect((await grantsOf(user.id)).map((g) => g.kind).sort()).toEqual(['purchase', 'refund']);
  // the invoice, a credit note of the 5.00 given back first, and one of the 10.00 left
  const invoices = await api()
    .get('/api/users/me/invoices')
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  expect(
    (invoices.body as Array<{ kind: string; total: number }>)
      .map((i) => [i.kind, i.total])
      .sort((a, b) => Number(a[1]) - Number(b[1])),
  ).toEqual([
    ['credit_note', -10],
    ['credit_note', -5],
    ['invoice', 15],
  ]);
});

it('an admin refund goes through the SDK', async () => {
  const course = await createCourse(t.db);
  const { token } = await buyer();
  const admin = await createUser(t.db, { role: 'admin' });
  const started = await start(token, [{ id: course.id, type: 'course' }]);
  stand.succeed(started.paymentIntentId);
  await confirm(token, started.paymentIntentId).expect(200);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, started.paymentIntentId));
  await api()
    .post(`/api/payments/${payment.id}/refund`)
    .set('Authorization', `Bearer ${await tokenFor(t, admin)}`)
    .expect(200);
  const refund = stand.requests.find(
    (r) => r.path === '/v1/refunds' && r.body.payment_intent === started.paymentIntentId,
  );
  expect(refund?.headers['idempotency-key']).toBe(`refund:${payment.id}`);
});

it('a cart paid after another tab bought one of its items asks Stripe to refund that item only', async () => {
  const x = await createCourse(t.db, { priceCents: 2000 });
  const y = await createCourse(t.db, { priceCents: 1500 });
  const { token } = await buyer();
  const both = await start(token, [
    { id: x.id, type: 'course' },
    { id: y.id, type: 'course' },
  ]);
  const justX = await start(token, [{ id: x.id, type: 'course' }]);
  stand.succeed(justX.paymentIntentId);
  await confirm(token, justX.paymentIntentId).expect(200);
  stand.succeed(both.paymentIntentId);
  await confirm(token, both.paymentIntentId).expect(200);
  await t.app.get(JobsService).drain();

  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, both.paymentIntentId));
  const refunds = stand.requests.filter(
    (r) => r.path === '/v1/refunds' && r.body.payment_intent === both.paymentIntentId,
  );
  expect(refunds).toHaveLength(1);
  expect(refunds[0].body.amount).toBe('2000');
  expect(refunds[0].headers['idempotency-key']).toBe(`refund-owned:${payment.id}`);
  expect(payment.status).toBe('succeeded');
});

it('answers 502 and records nothing when Stripe cannot be reached', async () => {
  const down = await createTestApp({
    stripe: {
      secretKey: 'sk_test_circo',
      publishableKey: 'pk',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: 1,
      protocol: 'http',
    },
  });
  try {
    const course = await createCourse(down.db);
    const user = await createUser(down.db);
    const res = await request(down.app.getHttpServer())
      .post('/api/stripe/crear-payment-intent')
      .set('Authorization', `Bearer ${await tokenFor(down, user)}`)
      .send({ items: [{ id: course.id, type: 'course' }] });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('payments.provider_error');
    expect(await down.db.select().from(payments)).toEqual([]);
  } finally {
    await down.close();
  }
});

it('a Checkout Session returns the buyer to the configured origin they paid from, else PUBLIC_URL', async () => {
  const course = await createCourse(t.db, { priceCents: 1500 });
  const { user, token } = await buyer();
  const start = (headers: Record<string, string>) =>
    api()
      .post('/api/stripe/crear-sesion')
      .set('Authorization', `Bearer ${token}`)
      .set(headers)
      .send({ items: [{ id: course.id, type: 'course' }], lang: 'es' })
      .expect(201);
  const sent = () =>
    stand.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.body['metadata[userId]'] === user.id,
    );
  const urls = () => {
    const last = sent().at(-1)!.body;
    return [last.success_url, last.cancel_url];
  };
  await start({ Origin: SHOP_ON_LAN });
  expect(urls()).toEqual([
    `${SHOP_ON_LAN}/pago-exitoso?session_id={CHECKOUT_SESSION_ID}`,
    `${SHOP_ON_LAN}/pago-embed`,
  ]);
  // a browser that sends no Origin: its Referer
  await start({ Referer: 'https://www.circo.example/pago-embed' });
  expect(urls()[0]).toBe('https://www.circo.example/pago-exitoso?session_id={CHECKOUT_SESSION_ID}');
  // any other origin is not ours to send a buyer to
  await start({ Origin: 'https://evil.example' });
  expect(urls()).toEqual([
    `${t.config.publicUrl}/pago-exitoso?session_id={CHECKOUT_SESSION_ID}`,
    `${t.config.publicUrl}/pago-embed`,
  ]);
});
