import { jest } from '@jest/globals';
import { and, asc, eq, like } from 'drizzle-orm';
import { jobs, plans, subscriptionPeriods } from '../../src/database/schema.js';
import { createUser } from '../support/factories.js';
import { StripeStandIn, type StandInRequest } from '../support/stripe-stand-in.js';
import { newWebhookSecret, sendStripeEvent, stripeSettings } from '../support/stripe-webhooks.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import {
  drain,
  mailsTo,
  makePlan,
  mine,
  row,
  send,
  student,
  subscribe,
} from './membership-helpers.js';

jest.setTimeout(180_000);

// Moving subscribers to a plan's newer price on Stripe Billing, and archiving the Prices nobody
// is on any more: the real `stripe` SDK against the local stand-in of api.stripe.com.
let t: TestApp;
let stand: StripeStandIn;
let admin: string;

beforeAll(async () => {
  stand = await new StripeStandIn().start();
  t = await createTestApp({ stripe: stripeSettings(stand, newWebhookSecret()) });
  admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
  await stand?.stop();
});

const DAY = 86_400_000;
const event = (type: string, object: object) => sendStripeEvent(t, type, object).expect(200);
const reprice = (planId: string, price: number) =>
  send(t, 'put', `/admin/plans/${planId}`, admin, {
    name: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
    price,
    interval: 'month',
    includes: 'all',
  }).expect(200);
const planRow = async (id: string) => (await t.db.select().from(plans).where(eq(plans.id, id)))[0]!;
const priceActive = (productId: string) =>
  Object.fromEntries(stand.pricesOf(productId).map((p) => [p.unit_amount, p.active]));
const updatesOf = (stripeId: string): StandInRequest[] =>
  stand.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${stripeId}`);

/** A member of a new plan at 19 whose first invoice was paid at Stripe. */
async function member() {
  const plan = await makePlan(t, { price: 19 });
  const { user, token } = await student(t);
  const started = await subscribe(t, token, plan._id, 'es');
  const stripeId = (await row(t, started.subscriptionId))!.providerSubscriptionId;
  const invoice = stand.payInvoice(stand.subscription(stripeId).latest_invoice as string);
  await event('invoice.paid', invoice);
  await drain(t);
  return { plan, user, token, id: started.subscriptionId, stripeId };
}

describe('moving Stripe subscribers to the plan’s newer Price', () => {
  it('changes the item to the new Price with no proration in the period before, once; the old Price is archived', async () => {
    const { plan, user, token, id, stripeId } = await member();
    await reprice(plan._id, 25);
    await drain(t);
    const { stripeProductId } = await planRow(plan._id);
    // the subscriber is still on the 19 Price: it stays active
    expect(priceActive(stripeProductId!)).toEqual({ 1900: true, 2500: true });

    const res = await send(t, 'post', `/admin/plans/${plan._id}/move-subscribers`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ moved: 1, noticeDays: 30 });
    const from = (await row(t, id))!.newPriceFrom!;
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'memberships.price-move'),
          eq(jobs.key, `membership-price-move:${id}:2500:${from.toISOString()}`),
        ),
      );
    // it runs a day before the renewal told of: nothing changes at Stripe before
    expect(Math.abs(job!.runAt.getTime() - (from.getTime() - DAY))).toBeLessThan(5_000);
    await drain(t);
    expect(updatesOf(stripeId).filter((r) => r.body['items[0][price]'])).toHaveLength(0);
    expect((await mine(t, token))[0]).toMatchObject({ price: 19, newPrice: 25 });
    expect(mailsTo(t, user.email).filter((m) => m.subject.includes('precio'))).toHaveLength(1);

    // that day comes
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await drain(t);
    const moves = updatesOf(stripeId).filter((r) => r.body['items[0][price]']);
    expect(moves).toHaveLength(1);
    const priceOf25 = stand.pricesOf(stripeProductId!).find((p) => p.unit_amount === 2500)!;
    expect(moves[0]!.body).toMatchObject({
      'items[0][id]': expect.stringMatching(/^si_test_/),
      'items[0][price]': priceOf25.id,
      proration_behavior: 'none',
    });
    expect(moves[0]!.headers['idempotency-key']).toBe(`price-move:${stripeId}:${priceOf25.id}`);
    expect(await row(t, id)).toMatchObject({
      priceCents: 2500,
      newPriceCents: null,
      newPriceFrom: null,
    });
    // nobody is on the 19 Price any more: the plan's sync archived it
    expect(priceActive(stripeProductId!)).toEqual({ 1900: false, 2500: true });
    expect(
      stand.requests.filter(
        (r) => r.method === 'POST' && r.body.active === 'false' && r.path.startsWith('/v1/prices/'),
      ),
    ).toHaveLength(1);

    // Stripe's next invoice is at the new price, recorded as the period's amount
    await event('invoice.paid', stand.renew(stripeId));
    const periods = await t.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, id))
      .orderBy(asc(subscriptionPeriods.createdAt));
    expect(periods.map((p) => p.amountCents)).toEqual([1900, 2500]);
  });

  it('a move replaced by a newer one before its day does nothing; the newer one applies', async () => {
    const { plan, id, stripeId } = await member();
    await reprice(plan._id, 25);
    await send(t, 'post', `/admin/plans/${plan._id}/move-subscribers`, admin).expect(200);
    await reprice(plan._id, 29);
    await drain(t);
    expect((await planRow(plan._id)).priceCents).toBe(2900);
    await send(t, 'post', `/admin/plans/${plan._id}/move-subscribers`, admin).expect(200);
    const moves = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'memberships.price-move'), like(jobs.key, `%${id}%`)));
    expect(moves).toHaveLength(2);
    const [older, newer] = [':2500:', ':2900:'].map((p) => moves.find((j) => j.key!.includes(p))!);
    const runNow = (jobId: string) =>
      t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, jobId));
    // the day of the first move comes: it was replaced, nothing changes
    await runNow(older.id);
    await drain(t);
    expect(updatesOf(stripeId).filter((r) => r.body['items[0][price]'])).toHaveLength(0);
    expect(await row(t, id)).toMatchObject({ priceCents: 1900, newPriceCents: 2900 });
    // the newer one's day
    await runNow(newer.id);
    await drain(t);
    const updates = updatesOf(stripeId).filter((r) => r.body['items[0][price]']);
    const { stripeProductId } = await planRow(plan._id);
    const priceOf29 = stand.pricesOf(stripeProductId!).find((p) => p.unit_amount === 2900)!;
    expect(updates.map((r) => r.body['items[0][price]'])).toEqual([priceOf29.id]);
    expect(await row(t, id)).toMatchObject({ priceCents: 2900, newPriceCents: null });
  });

  it('archives an older Price once its last subscriber ended, and never the current one', async () => {
    const { plan, stripeId } = await member();
    await reprice(plan._id, 29);
    await drain(t);
    const { stripeProductId } = await planRow(plan._id);
    expect(priceActive(stripeProductId!)).toEqual({ 1900: true, 2900: true });

    stand.subscription(stripeId).status = 'canceled';
    await event('customer.subscription.deleted', stand.subscription(stripeId));
    await drain(t);
    expect(priceActive(stripeProductId!)).toEqual({ 1900: false, 2900: true });
    // a new subscriber takes the current Price
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    expect(started.amount).toBe(29);
  });
});
