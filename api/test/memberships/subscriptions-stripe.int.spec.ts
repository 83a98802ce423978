import { jest } from '@jest/globals';
import { and, eq } from 'drizzle-orm';
import type { MyItemsResponse } from '@circo/shared-contracts';
import {
  jobs,
  payments,
  plans,
  subscriptionPeriods,
  subscriptions,
} from '../../src/database/schema.js';
import { BillingEventsService } from '../../src/modules/memberships/billing-events.service.js';
import { createCourse, createUser } from '../support/factories.js';
import { StripeStandIn } from '../support/stripe-stand-in.js';
import { newWebhookSecret, sendStripeEvent, stripeSettings } from '../support/stripe-webhooks.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';
import {
  drain,
  endGrace,
  mailsTo,
  makePlan,
  mine,
  row,
  send,
  student,
  subscribe,
} from './membership-helpers.js';

jest.setTimeout(180_000);

// Memberships on Stripe Billing: the real `stripe` SDK against the local stand-in of
// api.stripe.com, and Stripe's webhooks signed with the SDK's own test-header helper.
let t: TestApp;
let stand: StripeStandIn;

beforeAll(async () => {
  stand = await new StripeStandIn().start();
  t = await createTestApp({ stripe: stripeSettings(stand, newWebhookSecret()) });
});
afterAll(async () => {
  await t?.close();
  await stand?.stop();
});

const DAY = 86_400_000;
const PLAN_BODY = {
  name: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
  interval: 'month',
  includes: 'all',
};

const periodsOf = (id: string) =>
  t.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, id));
const event = (type: string, object: object, opts?: { id?: string; created?: number }) =>
  sendStripeEvent(t, type, object, opts).expect(200);
const confirm = (token: string, paymentIntentId: string) =>
  send(t, 'post', '/stripe/confirmar-compra-payment-intent', token, { paymentIntentId });
const stripeIdOf = async (id: string) => (await row(t, id))!.providerSubscriptionId;
const firstInvoiceOf = async (id: string) =>
  stand.subscription(await stripeIdOf(id)).latest_invoice as string;
const requests = (method: string, path: string) =>
  stand.requests.filter((r) => r.method === method && r.path === path);
const classOf = async () => {
  const course = await createCourse(t.db, { classes: 1 });
  const [cls] = await t.db.query.courseClasses.findMany({
    where: (c, { eq: is }) => is(c.courseId, course.id),
  });
  return cls!.id;
};
const opens = (token: string, classId: string) =>
  get(t, `/classes/${classId}?lang=es`, token).then((r) => r.status);

/** A student subscribed whose first invoice was paid at Stripe (reported by its webhook). */
async function activeMember(body: Record<string, unknown> = {}, lang = 'en') {
  const plan = await makePlan(t, body);
  const { user, token } = await student(t);
  const started = await subscribe(t, token, plan._id, lang);
  const invoice = stand.payInvoice(await firstInvoiceOf(started.subscriptionId));
  await event('invoice.paid', invoice);
  const id = started.subscriptionId;
  return { plan, user, token, started, id, stripeId: await stripeIdOf(id) };
}

describe('plans at Stripe', () => {
  it('a plan gets a Product and a Price; a new price makes a new Price and subscribers keep theirs', async () => {
    const plan = await makePlan(t, { price: 19 });
    await drain(t);
    const [saved] = await t.db.select().from(plans).where(eq(plans.id, plan._id));
    expect(saved!.stripeProductId).toMatch(/^prod_test_/);
    expect(saved!.stripePriceId).toMatch(/^price_test_/);
    const product = requests('POST', '/v1/products').find(
      (r) => r.body['metadata[planId]'] === plan._id,
    );
    expect(product?.body.name).toBe('Todo el circo');
    expect(product?.headers['idempotency-key']).toBe(`plan-product:${plan._id}`);
    const price = requests('POST', '/v1/prices').find(
      (r) => r.body['metadata[planId]'] === plan._id,
    );
    expect(price?.body).toMatchObject({
      unit_amount: '1900',
      currency: 'usd',
      'recurring[interval]': 'month',
    });

    const first = await student(t);
    const a = await subscribe(t, first.token, plan._id);
    const admin = await createUser(t.db, { role: 'admin' });
    const adminToken = await tokenFor(t, admin);
    const putPlan = (price: number, name = PLAN_BODY.name) =>
      send(t, 'put', `/admin/plans/${plan._id}`, adminToken, { ...PLAN_BODY, name, price }).expect(
        200,
      );
    await putPlan(25);
    await drain(t);
    const [repriced] = await t.db.select().from(plans).where(eq(plans.id, plan._id));
    expect(repriced!.stripeProductId).toBe(saved!.stripeProductId);
    expect(repriced!.stripePriceId).not.toBe(saved!.stripePriceId);
    expect(stand.pricesOf(saved!.stripeProductId!).map((p) => p.unit_amount)).toEqual([1900, 2500]);

    const second = await student(t);
    const b = await subscribe(t, second.token, plan._id);
    expect(b.amount).toBe(25);
    expect(stand.subscription(await stripeIdOf(b.subscriptionId)).priceId).toBe(
      repriced!.stripePriceId,
    );
    // the first subscriber keeps the Price and the price they started with
    expect(stand.subscription(await stripeIdOf(a.subscriptionId)).priceId).toBe(
      saved!.stripePriceId,
    );
    expect((await row(t, a.subscriptionId))!.priceCents).toBe(1900);

    // a new name only: the Product is renamed, no new Price
    await putPlan(25, { ...PLAN_BODY.name, es: 'Todo el circo 2027' });
    await drain(t);
    expect(stand.pricesOf(saved!.stripeProductId!)).toHaveLength(2);
    expect(requests('POST', `/v1/products/${saved!.stripeProductId}`).at(-1)?.body.name).toBe(
      'Todo el circo 2027',
    );
  });
});

describe('subscribing', () => {
  it('makes a default_incomplete Subscription whose first invoice’s confirmation secret is paid as a purchase', async () => {
    const classId = await classOf();
    const plan = await makePlan(t, {});
    const { user, token } = await student(t);
    const started = await subscribe(t, token, plan._id, 'fr', {
      billing: { name: 'Lucie Martin', country: 'FR' },
    });
    const sub = await row(t, started.subscriptionId);
    expect(sub).toMatchObject({ status: 'incomplete', provider: 'stripe' });
    expect(sub!.providerSubscriptionId).toMatch(/^sub_test_/);
    expect(sub!.providerCustomerId).toMatch(/^cus_test_/);

    const made = requests('POST', '/v1/subscriptions').find(
      (r) => r.body['metadata[subscriptionId]'] === started.subscriptionId,
    )!;
    expect(made.body).toMatchObject({
      customer: sub!.providerCustomerId,
      payment_behavior: 'default_incomplete',
      collection_method: 'charge_automatically',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    expect(made.headers['idempotency-key']).toBe(`subscription:${started.subscriptionId}`);
    const customer = requests('POST', '/v1/customers').find(
      (r) => r.body['metadata[userId]'] === user.id,
    );
    expect(customer?.body).toMatchObject({
      name: 'Lucie Martin',
      'address[country]': 'FR',
      'preferred_locales[0]': 'fr',
    });
    // no address for Stripe to send its own invoices and receipts to: ours are the legal ones
    expect(customer?.body).not.toHaveProperty('email');

    // the answer is the first invoice's PaymentIntent, for the Payment Element
    const invoice = stand.invoice(await firstInvoiceOf(started.subscriptionId));
    expect(started).toMatchObject({
      provider: 'stripe',
      amount: 19,
      paymentIntentId: invoice.intentId,
      clientSecret: (invoice.confirmation_secret as { client_secret: string }).client_secret,
    });
    expect(await opens(token, classId)).toBe(403);

    stand.payInvoice(invoice.id as string);
    const paid = await confirm(token, started.paymentIntentId).expect(200);
    expect(paid.body).toMatchObject({ success: true, membership: true });
    expect((await mine(t, token))[0]).toMatchObject({
      status: 'active',
      opensItems: true,
      portal: true,
    });
    expect(await opens(token, classId)).toBe(200);
    expect(await periodsOf(started.subscriptionId)).toHaveLength(1);
    await drain(t);
    expect(mailsTo(t, user.email).map((m) => m.subject)).toEqual([
      'Votre abonnement « Tout le cirque » est actif',
    ]);
  });

  it('a second click answers the same Subscription; a student’s second plan reuses their Customer', async () => {
    const plan = await makePlan(t, {});
    const other = await makePlan(t, { interval: 'year', price: 150 });
    const { user, token } = await student(t);
    const first = await subscribe(t, token, plan._id);
    const again = await subscribe(t, token, plan._id);
    expect(again).toEqual(first);
    expect(
      requests('POST', '/v1/subscriptions').filter(
        (r) => r.body['metadata[subscriptionId]'] === first.subscriptionId,
      ),
    ).toHaveLength(1);
    const yearly = await subscribe(t, token, other._id);
    expect((await row(t, yearly.subscriptionId))!.providerCustomerId).toBe(
      (await row(t, first.subscriptionId))!.providerCustomerId,
    );
    expect(
      requests('POST', '/v1/customers').filter((r) => r.body['metadata[userId]'] === user.id),
    ).toHaveLength(1);
  });

  it('answers 502 and records nothing when Stripe cannot be reached', async () => {
    const down = await createTestApp({
      stripe: { ...stripeSettings(stand, newWebhookSecret()), port: 1 },
    });
    try {
      const plan = await makePlan(down, {});
      const { user, token } = await student(down);
      const res = await send(down, 'post', '/subscriptions', token, { planId: plan._id });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('payments.provider_error');
      expect(await mine(down, token)).toEqual([]);
      expect(await down.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('webhooks, each applied once and in any order', () => {
  it('the subscription’s snapshot before its invoice, repeats, and cancel flags out of order', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    const id = started.subscriptionId;
    const stripeId = await stripeIdOf(id);
    const invoice = stand.payInvoice(await firstInvoiceOf(id));
    const t0 = Date.now();
    const snapshot = (changes: object) => ({ ...stand.subscription(stripeId), ...changes });

    // Stripe's "active" arrives first: no period is paid by a snapshot
    await event('customer.subscription.updated', snapshot({ status: 'active' }), {
      created: t0 + 10_000,
    });
    expect((await row(t, id))!.status).toBe('incomplete');
    const paid = await event('invoice.paid', invoice, { id: `evt_paid_${id}`, created: t0 });
    expect(paid.body).toEqual({ received: true, duplicate: false });
    expect((await row(t, id))!.status).toBe('active');
    // the same event again, another delivery of the news, the PaymentIntent's own event
    const again = await event('invoice.paid', invoice, { id: `evt_paid_${id}` });
    expect(again.body.duplicate).toBe(true);
    await event('invoice.paid', invoice);
    await event('payment_intent.succeeded', stand.intent(started.paymentIntentId));
    await confirm(token, started.paymentIntentId).expect(200);
    expect(await periodsOf(id)).toHaveLength(1);

    // cancelled on the Customer Portal, then an older "not cancelled" delivered late
    await event('customer.subscription.updated', snapshot({ cancel_at_period_end: true }), {
      created: t0 + 30_000,
    });
    await event('customer.subscription.updated', snapshot({ cancel_at_period_end: false }), {
      created: t0 + 20_000,
    });
    expect(await row(t, id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    // deleted, then an older "active" delivered late
    await event('customer.subscription.deleted', snapshot({ status: 'canceled' }), {
      created: t0 + 40_000,
    });
    await event('customer.subscription.updated', snapshot({ status: 'active' }), {
      created: t0 + 35_000,
    });
    expect((await mine(t, token))[0]).toMatchObject({ status: 'canceled', opensItems: false });
  });

  it('invoice.paid of the next period renews it once, continuing the period before', async () => {
    const { id, stripeId } = await activeMember();
    const before = (await row(t, id))!;
    const renewal = stand.renew(stripeId, 'paid');
    await Promise.all([
      event('invoice.paid', renewal),
      event('invoice.paid', renewal),
      event('payment_intent.succeeded', stand.intent(renewal.intentId as string)),
    ]);
    const periods = await periodsOf(id);
    expect(periods).toHaveLength(2);
    const after = (await row(t, id))!;
    expect(after).toMatchObject({ status: 'active', duePaymentId: null });
    expect(after.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
  });

  it('keeps the items open while Stripe collects the renewal after the period ends, showing the period’s end', async () => {
    const classId = await classOf();
    const { id, token } = await activeMember();
    // the period ended an hour ago: Stripe charges the new invoice about then
    const ended = new Date(Date.now() - 3_600_000);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: ended })
      .where(eq(subscriptions.id, id));
    expect(await opens(token, classId)).toBe(200);
    const items = (await get(t, '/learning/my-items?lang=en', token).expect(200))
      .body as MyItemsResponse;
    expect(items.courses.find((c) => c.membership)).toMatchObject({
      expiresAt: ended.toISOString(),
      expired: false,
      membership: { renews: true },
    });
    // cancelled at that period's end, or 3 days without a renewal: closed
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 3 * DAY - 60_000) })
      .where(eq(subscriptions.id, id));
    expect(await opens(token, classId)).toBe(403);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: ended, cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, id));
    expect(await opens(token, classId)).toBe(403);
  });

  it('a declined renewal is past due for the grace period, with one e-mail; paid late, active again', async () => {
    const { id, stripeId, token, user } = await activeMember();
    const ended = (await row(t, id))!.currentPeriodEnd!;
    const renewal = stand.renew(stripeId, 'declined');
    await event('invoice.payment_failed', renewal);
    await event('invoice.payment_failed', renewal); // Stripe's retry fails too
    const due = (await mine(t, token))[0]!;
    expect(due).toMatchObject({ status: 'past_due', opensItems: true });
    expect(new Date(due.graceUntil!).getTime() - ended.getTime()).toBe(7 * DAY);
    // the grace's end is a job at that time: with Stripe it stops the retries there
    const [graceJob] = await t.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'memberships.grace-end'),
          eq(jobs.key, `membership-grace:${id}:${due.graceUntil}`),
        ),
      );
    expect(graceJob!.runAt.getTime()).toBeGreaterThanOrEqual(
      new Date(due.graceUntil!).getTime() - 1000,
    );
    await drain(t);
    const failed = mailsTo(t, user.email).filter((m) => m.subject.includes('could not charge'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain(`/mis-cursos?membresia=${id}`);

    // the student pays the open invoice with another card
    const pay = await send(t, 'post', `/users/me/subscriptions/${id}/pay`, token).expect(200);
    expect(pay.body.paymentIntentId).toBe(renewal.intentId);
    stand.payInvoice(renewal.id as string);
    await confirm(token, pay.body.paymentIntentId as string).expect(200);
    const after = (await row(t, id))!;
    expect(after).toMatchObject({ status: 'active', graceUntil: null });
    expect(after.currentPeriodStart!.getTime()).toBe(ended.getTime());
    // a failure of that invoice reported late changes nothing; its paid report neither
    await event('invoice.payment_failed', renewal);
    await event('invoice.paid', renewal);
    expect((await row(t, id))!.status).toBe('active');
    expect(await periodsOf(id)).toHaveLength(2);
  });

  it('grace over unpaid: the subscription ends at Stripe (its retries stop) and access ends', async () => {
    const classId = await classOf();
    const { id, stripeId, token } = await activeMember();
    await event('invoice.payment_failed', stand.renew(stripeId, 'declined'));
    expect(await opens(token, classId)).toBe(200);
    const events = t.app.get(BillingEventsService);
    expect(await events.graceOver(id)).toBe(false); // not yet
    await endGrace(t, id);
    expect(await events.graceOver(id)).toBe(true);
    expect(requests('DELETE', `/v1/subscriptions/${stripeId}`)).toHaveLength(1);
    expect(await opens(token, classId)).toBe(403);
    expect((await mine(t, token))[0]).toMatchObject({ status: 'canceled' });
    // Stripe's own report of the end changes nothing more
    await event('customer.subscription.deleted', stand.subscription(stripeId));
    expect(await events.graceOver(id)).toBe(false);
  });

  it('a renewal that needs 3-D Secure: past due and an e-mail with Stripe’s page to confirm it', async () => {
    const { id, stripeId, user } = await activeMember();
    const renewal = stand.renew(stripeId, 'action');
    await event('invoice.payment_action_required', renewal);
    expect((await row(t, id))!.status).toBe('past_due');
    await drain(t);
    const mail = mailsTo(t, user.email).at(-1)!;
    expect(mail.subject).toBe('Confirm the payment of your “All the circus” membership');
    expect(mail.text).toContain(renewal.hosted_invoice_url as string);
  });
});

describe('cancel, resume, the Customer Portal, the coach’s refund', () => {
  it('cancel and resume change Stripe’s subscription first', async () => {
    const { id, stripeId, token } = await activeMember();
    await send(t, 'post', `/users/me/subscriptions/${id}/cancel`, token).expect(200);
    expect(stand.subscription(stripeId).cancel_at_period_end).toBe(true);
    expect((await row(t, id))!.cancelAtPeriodEnd).toBe(true);
    await send(t, 'post', `/users/me/subscriptions/${id}/resume`, token).expect(200);
    expect(stand.subscription(stripeId).cancel_at_period_end).toBe(false);
    expect((await row(t, id))!.cancelAtPeriodEnd).toBe(false);
  });

  it('the portal opens the student’s cards and invoices; none without a Stripe membership', async () => {
    const { id, token } = await activeMember();
    const res = await send(t, 'post', '/users/me/subscriptions/portal', token, {
      lang: 'en',
    }).expect(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const call = requests('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(call.body).toMatchObject({
      customer: (await row(t, id))!.providerCustomerId,
      return_url: `${t.config.publicUrl}/mis-cursos`,
      locale: 'en',
    });
    const nobody = await student(t);
    const refused = await send(t, 'post', '/users/me/subscriptions/portal', nobody.token).expect(
      409,
    );
    expect(refused.body.code).toBe('subscriptions.portal_unavailable');
    const bad = await send(t, 'post', '/users/me/subscriptions/portal', token, {
      lang: 'de',
    }).expect(400);
    expect(bad.body.code).toBe('common.validation_failed');
  });

  it('the coach’s refund of the last period refunds its invoice’s payment and ends it at Stripe', async () => {
    const { id, stripeId, started } = await activeMember();
    const admin = await createUser(t.db, { role: 'admin' });
    await send(t, 'post', `/admin/subscriptions/${id}/refund`, await tokenFor(t, admin)).expect(
      200,
    );
    const refund = requests('POST', '/v1/refunds').find(
      (r) => r.body.payment_intent === started.paymentIntentId,
    );
    expect(refund).toBeDefined();
    expect(stand.subscription(stripeId).status).toBe('canceled');
    expect((await row(t, id))!.status).toBe('canceled');
  });
});
