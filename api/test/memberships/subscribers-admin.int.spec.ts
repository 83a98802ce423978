import { jest } from '@jest/globals';
import type { AdminSubscription, MembershipStats } from '@circo/shared-contracts';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import { makePlan, mine, pay, send, student, subscribe } from './membership-helpers.js';

jest.setTimeout(120_000);

// The coach's side: the subscribers, MRR / started / cancelled, cancel and refund the last period.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
});
afterAll(() => t?.close());

it('lists the subscribers with status, since and next renewal, and counts MRR, started and cancelled', async () => {
  const monthly = await makePlan(t, { price: 20 });
  const yearly = await makePlan(t, { price: 120, interval: 'year' });
  const a = await student(t);
  const b = await student(t);
  const unpaid = await student(t);
  await pay(t, a.token, (await subscribe(t, a.token, monthly._id)).paymentIntentId).expect(200);
  const bSub = await subscribe(t, b.token, yearly._id);
  await pay(t, b.token, bSub.paymentIntentId).expect(200);
  await subscribe(t, unpaid.token, monthly._id);
  await send(t, 'post', `/users/me/subscriptions/${bSub.subscriptionId}/cancel`, b.token).expect(
    200,
  );

  const list = (await send(t, 'get', '/admin/subscriptions', admin).expect(200))
    .body as AdminSubscription[];
  // the unpaid one never started
  expect(list.map((s) => s.email).sort()).toEqual([a.user.email, b.user.email].sort());
  expect(list.find((s) => s.email === b.user.email)).toMatchObject({
    status: 'active',
    cancelAtPeriodEnd: true,
    price: 120,
    interval: 'year',
    planName: { es: 'Todo el circo' },
  });
  expect(list.every((s) => s.since && s.currentPeriodEnd)).toBe(true);

  const stats = (await send(t, 'get', '/admin/subscriptions/stats', admin).expect(200))
    .body as MembershipStats;
  // 20 a month + 120 a year = 30 a month
  expect(stats).toEqual({ mrr: 30, active: 2, pastDue: 0, started: 2, canceled: 1 });
  const before = (
    await send(t, 'get', '/admin/subscriptions/stats?to=2020-01-01T00:00:00Z', admin).expect(200)
  ).body as MembershipStats;
  expect(before).toMatchObject({ started: 0, canceled: 0 });

  const one = (await send(t, 'get', `/admin/subscriptions?userId=${a.user.id}`, admin).expect(200))
    .body as AdminSubscription[];
  expect(one).toHaveLength(1);
});

it('refunds the last period: the subscription and its access end now; a second refund is refused', async () => {
  const plan = await makePlan(t, {});
  const s = await student(t);
  const started = await subscribe(t, s.token, plan._id);
  await pay(t, s.token, started.paymentIntentId).expect(200);
  const res = await send(
    t,
    'post',
    `/admin/subscriptions/${started.subscriptionId}/refund`,
    admin,
  ).expect(200);
  expect(res.body).toMatchObject({ status: 'canceled' });
  expect((await mine(t, s.token))[0]).toMatchObject({ status: 'canceled', opensItems: false });
  const again = await send(
    t,
    'post',
    `/admin/subscriptions/${started.subscriptionId}/refund`,
    admin,
  ).expect(409);
  expect(again.body.code).toBe('subscriptions.nothing_to_refund');
});

it('the coach cancels at the period’s end; the routes are the admin’s and check their input', async () => {
  const plan = await makePlan(t, {});
  const s = await student(t);
  const started = await subscribe(t, s.token, plan._id);
  await pay(t, s.token, started.paymentIntentId).expect(200);
  const res = await send(
    t,
    'post',
    `/admin/subscriptions/${started.subscriptionId}/cancel`,
    admin,
  ).expect(200);
  expect(res.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  await send(t, 'get', '/admin/subscriptions', s.token).expect(403);
  await send(t, 'get', '/admin/subscriptions?userId=nope', admin).expect(400);
  await send(t, 'get', '/admin/subscriptions/stats?from=yesterday', admin).expect(400);
  await send(
    t,
    'post',
    '/admin/subscriptions/00000000-0000-4000-8000-000000000000/cancel',
    admin,
  ).expect(404);
});
