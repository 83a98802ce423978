import { jest } from '@jest/globals';
import { asc, eq } from 'drizzle-orm';
import type { AdminPlan, MySubscription } from '@circo/shared-contracts';
import { subscriptionPeriods, subscriptions } from '../../src/database/schema.js';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import {
  clock,
  drain,
  endPeriod,
  mailsTo,
  makePlan,
  mine,
  pay,
  row,
  send,
  student,
  subscribe,
} from './membership-helpers.js';

jest.setTimeout(120_000);

// Moving a plan's current subscribers to its newer price, with notice, on the local provider:
// the coach's count and action, the e-mail, My Courses, and the renewal that charges it.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const PLAN_NAME = { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' };
const reprice = (planId: string, price: number) =>
  send(t, 'put', `/admin/plans/${planId}`, admin, {
    name: PLAN_NAME,
    price,
    interval: 'month',
    includes: 'all',
  }).expect(200);
const move = (planId: string, token = admin) =>
  send(t, 'post', `/admin/plans/${planId}/move-subscribers`, token);
const adminPlan = async (planId: string) =>
  ((await send(t, 'get', '/admin/plans', admin).expect(200)).body as AdminPlan[]).find(
    (p) => p._id === planId,
  );
const amountsOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, id))
      .orderBy(asc(subscriptionPeriods.createdAt))
  ).map((p) => p.amountCents);

/** A paid member of `planId` whose period ends `endsInDays` from now. */
async function member(planId: string, lang = 'es', endsInDays = 10) {
  const { user, token } = await student(t);
  const started = await subscribe(t, token, planId, lang);
  await pay(t, token, started.paymentIntentId).expect(200);
  const id = started.subscriptionId;
  const end = new Date(Date.now() + endsInDays * DAY);
  await t.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.id, id));
  return { user, token, id, end };
}

describe('moving subscribers to the plan’s newer price', () => {
  it('counts who pays an older price, tells each by e-mail and applies from the first renewal 30 days away', async () => {
    const plan = await makePlan(t, { price: 19 });
    const older = await member(plan._id, 'en', 10);
    const cancelling = await member(plan._id, 'es', 10);
    await send(
      t,
      'post',
      `/users/me/subscriptions/${cancelling.id}/cancel`,
      cancelling.token,
    ).expect(200);
    expect(await adminPlan(plan._id)).toMatchObject({ subscribers: 2, olderPrice: 0 });
    // nobody pays another price yet
    const none = await move(plan._id).expect(409);
    expect(none.body.code).toBe('plans.nothing_to_move');

    await reprice(plan._id, 25);
    const current = await member(plan._id, 'es', 20);
    // the one who cancelled does not renew; the new subscriber pays the current price
    expect(await adminPlan(plan._id)).toMatchObject({ subscribers: 3, olderPrice: 1 });

    const res = await move(plan._id).expect(200);
    expect(res.body).toEqual({ moved: 1, noticeDays: 30 });
    const moved = await row(t, older.id);
    // the period ending in 10 days is too soon: the renewal a month after it
    const from = moved!.newPriceFrom!;
    expect(moved!.newPriceCents).toBe(2500);
    expect(moved!.priceCents).toBe(1900);
    expect(from.getTime()).toBeGreaterThanOrEqual(Date.now() + 30 * DAY - 60_000);
    expect(from.getUTCMonth()).toBe((older.end.getUTCMonth() + 1) % 12);
    expect(from.getTime() - older.end.getTime()).toBeLessThanOrEqual(31 * DAY);
    expect((await row(t, cancelling.id))!.newPriceCents).toBeNull();
    expect((await row(t, current.id))!.newPriceCents).toBeNull();
    expect(await adminPlan(plan._id)).toMatchObject({ olderPrice: 0 });
    // a second click moves nobody twice
    expect((await move(plan._id).expect(409)).body.code).toBe('plans.nothing_to_move');

    await drain(t);
    const mails = mailsTo(t, older.user.email).filter((m) => /price/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('The price of your “All the circus” membership is changing');
    const written = from.toLocaleString('en', { dateStyle: 'long', timeZone: 'UTC' });
    expect(mails[0]!.text).toContain(`From the renewal on ${written}`);
    expect(mails[0]!.text).toContain('25.00 USD a month');
    expect(mails[0]!.text).toContain('cancel before then from My Courses');
    expect(mails[0]!.text).toContain('/mis-cursos');
    expect(mailsTo(t, current.user.email).some((m) => /precio/i.test(m.subject))).toBe(false);

    const [mineNow] = await mine(t, older.token);
    expect(mineNow).toMatchObject<Partial<MySubscription>>({
      price: 19,
      newPrice: 25,
      newPriceFrom: from.toISOString(),
    });
    const [currentMine] = await mine(t, current.token);
    expect(currentMine).toMatchObject({ price: 25, newPrice: null, newPriceFrom: null });
  });

  it('is the coach’s only: 401, 403, 400 for a malformed id, 404 for an unknown plan', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    await send(t, 'post', `/admin/plans/${plan._id}/move-subscribers`, '').expect(401);
    expect((await move(plan._id, token)).status).toBe(403);
    const bad = await move('not-a-uuid').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: expect.any(String) });
    const unknown = await move('00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body.code).toBe('plans.not_found');
  });

  it('the renewal before the notice ends keeps the old price; the one after charges the new one, once', async () => {
    const plan = await makePlan(t, { price: 19 });
    const m = await member(plan._id, 'fr', 10);
    await reprice(plan._id, 25);
    await move(plan._id).expect(200);
    const from = (await row(t, m.id))!.newPriceFrom!;

    // the period in 10 days ends: renewed at 19, the move still to come
    await endPeriod(t, m.id);
    expect(await clock(t).renew(m.id)).toBe('renewed');
    expect(await amountsOf(m.id)).toEqual([1900, 1900]);
    expect(await row(t, m.id)).toMatchObject({ priceCents: 1900, newPriceCents: 2500 });

    // time passes to the renewal told of: two instances' clocks at once charge 25 once
    await t.db
      .update(subscriptions)
      .set({
        currentPeriodEnd: new Date(Date.now() - 60_000),
        newPriceFrom: new Date(Date.now() - 60_000),
      })
      .where(eq(subscriptions.id, m.id));
    const results = await Promise.all([clock(t).renew(m.id), clock(t).renew(m.id)]);
    expect(results).toContain('renewed');
    expect(await amountsOf(m.id)).toEqual([1900, 1900, 2500]);
    expect(await row(t, m.id)).toMatchObject({
      status: 'active',
      priceCents: 2500,
      newPriceCents: null,
      newPriceFrom: null,
    });
    const [fr] = await mine(t, m.token);
    expect(fr).toMatchObject({ price: 25, newPrice: null });
    expect(from.getTime()).toBeGreaterThan(Date.now());
    await drain(t);
    const told = mailsTo(t, m.user.email).find((x) => x.subject.includes('prix'));
    expect(told?.subject).toBe('Le prix de votre abonnement « Tout le cirque » change');
    expect(told?.text).toContain('25.00 USD par mois');
  });
});
