import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import type { MyItemsResponse } from '@circo/shared-contracts';
import {
  accessReminders,
  payments,
  subscriptionPeriods,
  subscriptions,
} from '../../src/database/schema.js';
import { RemindersService } from '../../src/modules/reminders/reminders.service.js';
import { createCourse, createFormationWithModules, createPurchase } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get } from '../catalog/catalog-helpers.js';
import {
  DECLINED,
  FAILS_AT_RENEWAL,
  NEEDS_STEP,
  clock,
  drain,
  endGrace,
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

// Memberships on the local test provider: subscribe, pay the first period as a purchase is paid,
// the plan's items open through the one access rule, cancel/resume, and the provider's clock
// renewing, failing, past due, grace, late payment.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const classOf = async () => {
  const course = await createCourse(t.db, { classes: 1 });
  const [cls] = await t.db.query.courseClasses.findMany({
    where: (c, { eq: is }) => is(c.courseId, course.id),
  });
  return { course, classId: cls!.id };
};
const opens = (token: string, classId: string) =>
  get(t, `/classes/${classId}?lang=es`, token).then((r) => r.status);
const periodsOf = (id: string) =>
  t.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, id));

describe('subscribing', () => {
  it('opens the plan’s items once the first period is paid, and My Courses shows them with the plan', async () => {
    const { course, classId } = await classOf();
    const plan = await makePlan(t, {});
    const { user, token } = await student(t);
    expect(await opens(token, classId)).toBe(403);

    const started = await subscribe(t, token, plan._id, 'en');
    expect(started).toMatchObject({ provider: 'local', amount: 19 });
    expect(started.clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
    // not paid yet: incomplete, nothing opens
    expect((await mine(t, token))[0]).toMatchObject({ status: 'incomplete', opensItems: false });
    expect(await opens(token, classId)).toBe(403);

    await pay(t, token, started.paymentIntentId).expect(200);
    const [sub] = await mine(t, token);
    expect(sub).toMatchObject({
      _id: started.subscriptionId,
      planId: plan._id,
      status: 'active',
      cancelAtPeriodEnd: false,
      opensItems: true,
      price: 19,
      interval: 'month',
    });
    const end = new Date(sub!.currentPeriodEnd!);
    expect(end.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await opens(token, classId)).toBe(200);

    const items = (await get(t, '/learning/my-items?lang=en', token).expect(200))
      .body as MyItemsResponse;
    expect(items.courses.find((c) => c._id === course.id)).toMatchObject({
      expired: false,
      expiresAt: sub!.currentPeriodEnd,
      membership: { planName: { en: 'All the circus' }, renews: true },
    });
    // the payment is a sale of the membership, registered once
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({
      purpose: 'subscription',
      status: 'succeeded',
      amountCents: 1900,
    });
    expect(await periodsOf(sub!._id)).toHaveLength(1);

    await drain(t);
    const mails = mailsTo(t, user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your “All the circus” membership is active']);
    expect(mails[0]!.text).toContain('$19.00 USD');
  });

  it('takes the 3-D Secure step like a purchase, and a declined card leaves it incomplete', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    const declined = await pay(t, token, started.paymentIntentId, DECLINED).expect(200);
    expect(declined.body.status).toBe('failed');
    expect((await mine(t, token))[0]!.status).toBe('incomplete');
    const step = await pay(t, token, started.paymentIntentId, NEEDS_STEP).expect(200);
    expect(step.body).toMatchObject({ status: 'requires_action' });
    const page = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: step.body.redirectUrl as string,
        payload: { action: 'approve' },
      });
    expect(page.statusCode).toBe(303);
    expect((await mine(t, token))[0]!.status).toBe('active');
  });

  it('a second click reuses the unpaid first payment; a plan held already is refused', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    const first = await subscribe(t, token, plan._id);
    const again = await subscribe(t, token, plan._id);
    expect(again.subscriptionId).toBe(first.subscriptionId);
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    await pay(t, token, first.paymentIntentId).expect(200);
    const refused = await send(t, 'post', '/subscriptions', token, { planId: plan._id }).expect(
      409,
    );
    expect(refused.body.code).toBe('subscriptions.already_subscribed');
  });

  it('refuses a withdrawn plan (409), an unknown one (404), a bad body (400) and no session (401)', async () => {
    const withdrawn = await makePlan(t, { active: false });
    const { token } = await student(t);
    const res = await send(t, 'post', '/subscriptions', token, { planId: withdrawn._id }).expect(
      409,
    );
    expect(res.body.code).toBe('subscriptions.plan_withdrawn');
    await send(t, 'post', '/subscriptions', token, {
      planId: '00000000-0000-4000-8000-000000000000',
    }).expect(404);
    for (const body of [
      {},
      { planId: 'x' },
      { planId: withdrawn._id, lang: 'de' },
      { planId: withdrawn._id, extra: 1 },
    ]) {
      const bad = await send(t, 'post', '/subscriptions', token, body).expect(400);
      expect(bad.body.code).toBe('common.validation_failed');
    }
    await get(t, '/users/me/subscriptions').expect(401);
  });

  it('takes the billing details as checkout does: kept for every period, refused when malformed', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    for (const billing of [
      'Lucía',
      {},
      { name: 'Lucía' },
      { name: '', country: 'ES' },
      { name: 'x'.repeat(201), country: 'ES' },
      { name: 'Lucía', country: 'ES', vat: 'ES1' },
    ]) {
      const bad = await send(t, 'post', '/subscriptions', token, { planId: plan._id, billing });
      expect([bad.status, bad.body.code]).toEqual([400, 'common.validation_failed']);
    }
    // a code of the right shape that names no country, as checkout answers it
    const nowhere = await send(t, 'post', '/subscriptions', token, {
      planId: plan._id,
      billing: { name: 'Lucía', country: 'XX' },
    });
    expect([nowhere.status, nowhere.body.code]).toEqual([400, 'billing.invalid_country']);
    // and a VAT number not of its EU country's format
    const notVat = await send(t, 'post', '/subscriptions', token, {
      planId: plan._id,
      billing: { name: 'Lucía', country: 'ES', taxId: '<script>' },
    });
    expect([notVat.status, notVat.body.code]).toEqual([400, 'billing.invalid_vat_number']);
    expect(await mine(t, token)).toEqual([]);
    const res = await send(t, 'post', '/subscriptions', token, {
      planId: plan._id,
      billing: { name: ' Circo Lucía SL ', country: 'de', taxId: 'DE123456789' },
    }).expect(201);
    expect((await row(t, res.body.subscriptionId as string))!.billing).toEqual({
      name: 'Circo Lucía SL',
      country: 'DE',
      taxId: 'DE123456789',
    });
  });

  it('a plan of chosen items opens those only; an item also bought keeps its own period', async () => {
    const { course: inPlan, classId: inPlanClass } = await classOf();
    const { classId: otherClass } = await classOf();
    const formation = await createFormationWithModules(t.db, { modules: 0 });
    const plan = await makePlan(t, {
      includes: [
        { itemType: 'course', itemId: inPlan.id },
        { itemType: 'formation', itemId: formation.id },
      ],
    });
    const { user, token } = await student(t);
    const bought = new Date(Date.now() + 300 * 86_400_000);
    await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: inPlan.id,
      expiresAt: bought,
    });
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId).expect(200);
    expect(await opens(token, inPlanClass)).toBe(200);
    expect(await opens(token, otherClass)).toBe(403);
    const items = (await get(t, '/learning/my-items?lang=es', token).expect(200))
      .body as MyItemsResponse;
    // the purchase ends later than the month paid: it is what the card shows
    expect(items.courses.find((c) => c._id === inPlan.id)).toMatchObject({
      expiresAt: bought.toISOString(),
    });
    expect(items.courses.find((c) => c._id === inPlan.id)?.membership).toBeUndefined();
    expect(items.formations.find((f) => f._id === formation.id)?.membership).toMatchObject({
      renews: true,
    });
  });
});

describe('cancel and resume', () => {
  it('cancels at the period’s end with access until then, resumes before it, own only', async () => {
    const { classId } = await classOf();
    const plan = await makePlan(t, {});
    const { user, token } = await student(t);
    const other = await student(t);
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId).expect(200);
    const id = started.subscriptionId;

    await send(t, 'post', `/users/me/subscriptions/${id}/cancel`, other.token).expect(404);
    const canceled = await send(t, 'post', `/users/me/subscriptions/${id}/cancel`, token).expect(
      200,
    );
    expect(canceled.body).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      opensItems: true,
    });
    // twice is the same
    await send(t, 'post', `/users/me/subscriptions/${id}/cancel`, token).expect(200);
    expect(await opens(token, classId)).toBe(200);

    const resumed = await send(t, 'post', `/users/me/subscriptions/${id}/resume`, token).expect(
      200,
    );
    expect(resumed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await send(t, 'post', `/users/me/subscriptions/${id}/resume`, token).expect(409);

    // cancelled again, and the period ends: the clock ends it, access with it
    await send(t, 'post', `/users/me/subscriptions/${id}/cancel`, token).expect(200);
    await endPeriod(t, id);
    expect(await clock(t).renew(id)).toBe('ended');
    expect((await mine(t, token))[0]).toMatchObject({ status: 'canceled', opensItems: false });
    expect(await opens(token, classId)).toBe(403);
    await send(t, 'post', `/users/me/subscriptions/${id}/cancel`, token).expect(409);
    await drain(t);
    expect(mailsTo(t, user.email).map((m) => m.subject)).toEqual([
      'Tu membresía «Todo el circo» está activa',
      'Cancelaste tu membresía «Todo el circo»',
      'Cancelaste tu membresía «Todo el circo»',
      'Tu membresía «Todo el circo» terminó',
    ]);
  });

  it('has no Customer Portal on the local provider: 409, and no portal on the subscription', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId).expect(200);
    expect((await mine(t, token))[0]!.portal).toBe(false);
    const res = await send(t, 'post', '/users/me/subscriptions/portal', token, {}).expect(409);
    expect(res.body.code).toBe('subscriptions.portal_unavailable');
  });
});

describe('the local provider’s clock', () => {
  it('renews a period that ended on the saved card: one new period, one payment', async () => {
    const plan = await makePlan(t, { interval: 'year', price: 150 });
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId).expect(200);
    const id = started.subscriptionId;
    await endPeriod(t, id);
    const before = await row(t, id);
    // two instances' clocks at once: one renewal
    const results = await Promise.all([clock(t).renew(id), clock(t).renew(id)]);
    expect(results).toContain('renewed');
    const after = await row(t, id);
    expect(after).toMatchObject({ status: 'active', duePaymentId: null });
    expect(after!.currentPeriodStart!.getTime()).toBe(before!.currentPeriodEnd!.getTime());
    expect(after!.currentPeriodEnd!.getUTCFullYear()).toBe(
      before!.currentPeriodEnd!.getUTCFullYear() + 1,
    );
    expect(await periodsOf(id)).toHaveLength(2);
    // a third look finds nothing to do
    expect(await clock(t).renew(id)).toBe('nothing');
    expect(await periodsOf(id)).toHaveLength(2);
  });

  it('the card that fails at renewal: past due with access for the grace period, then it ends', async () => {
    const { classId } = await classOf();
    const plan = await makePlan(t, {});
    const { user, token } = await student(t);
    const started = await subscribe(t, token, plan._id, 'fr');
    await pay(t, token, started.paymentIntentId, FAILS_AT_RENEWAL).expect(200);
    const id = started.subscriptionId;
    await endPeriod(t, id);
    expect(await clock(t).renew(id)).toBe('past_due');
    const due = (await mine(t, token))[0]!;
    expect(due).toMatchObject({ status: 'past_due', opensItems: true });
    // the grace period: 7 days from the period's end
    const graceMs = new Date(due.graceUntil!).getTime() - new Date(due.currentPeriodEnd!).getTime();
    expect(graceMs).toBe(7 * 86_400_000);
    expect(await opens(token, classId)).toBe(200);
    await drain(t);
    const failed = mailsTo(t, user.email).at(-1)!;
    expect(failed.subject).toBe('Le paiement de votre abonnement « Tout le cirque » a échoué');
    expect(failed.text).toContain(`/mis-cursos?membresia=${id}`);

    await endGrace(t, id);
    expect(await clock(t).renew(id)).toBe('ended');
    expect(await opens(token, classId)).toBe(403);
    expect((await mine(t, token))[0]).toMatchObject({ status: 'canceled', opensItems: false });
  });

  it('a late payment with another card makes it active again, continuing the period', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId, FAILS_AT_RENEWAL).expect(200);
    const id = started.subscriptionId;
    await endPeriod(t, id);
    const ended = (await row(t, id))!.currentPeriodEnd!;
    expect(await clock(t).renew(id)).toBe('past_due');
    const due = await send(t, 'post', `/users/me/subscriptions/${id}/pay`, token).expect(200);
    expect(due.body).toMatchObject({ subscriptionId: id, amount: 19 });
    await pay(t, token, due.body.paymentIntentId, DECLINED).expect(200);
    expect((await row(t, id))!.status).toBe('past_due');
    await pay(t, token, due.body.paymentIntentId).expect(200);
    const after = await row(t, id);
    expect(after).toMatchObject({ status: 'active', graceUntil: null, duePaymentId: null });
    expect(after!.currentPeriodStart!.getTime()).toBe(ended.getTime());
    expect(await periodsOf(id)).toHaveLength(2);
    // nothing is due any more
    const nothing = await send(t, 'post', `/users/me/subscriptions/${id}/pay`, token).expect(409);
    expect(nothing.body.code).toBe('subscriptions.nothing_due');
  });

  it('a renewal that needs the confirmation step: past due, and an e-mail with the link', async () => {
    const plan = await makePlan(t, {});
    const { user, token } = await student(t);
    const started = await subscribe(t, token, plan._id, 'en');
    const step = await pay(t, token, started.paymentIntentId, NEEDS_STEP).expect(200);
    await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: step.body.redirectUrl as string,
        payload: { action: 'approve' },
      });
    const id = started.subscriptionId;
    await endPeriod(t, id);
    expect(await clock(t).renew(id)).toBe('past_due');
    await drain(t);
    const mail = mailsTo(t, user.email).at(-1)!;
    expect(mail.subject).toBe('Confirm the payment of your “All the circus” membership');
    const link = /\/api\/stripe\/local\/authenticate\/\S+/.exec(mail.text)![0];
    const approved = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: link, payload: { action: 'approve' } });
    expect(approved.statusCode).toBe(303);
    expect((await row(t, id))!.status).toBe('active');
    expect(await periodsOf(id)).toHaveLength(2);
  });

  it('the scheduled look writes one renewal per ended period', async () => {
    const plan = await makePlan(t, {});
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId).expect(200);
    await endPeriod(t, started.subscriptionId);
    expect(await clock(t).tick()).toBeGreaterThanOrEqual(1);
    await clock(t).tick();
    await drain(t);
    expect((await row(t, started.subscriptionId))!.status).toBe('active');
    expect(await periodsOf(started.subscriptionId)).toHaveLength(2);
  });
});

describe('the reminder before a yearly renewal', () => {
  it('is e-mailed once per period a week before, in the student’s language; not for a monthly or cancelled one', async () => {
    const yearly = await makePlan(t, { interval: 'year', price: 150 });
    const monthly = await makePlan(t, {});
    const member = async (planId: string, lang: string) => {
      const s = await student(t);
      const started = await subscribe(t, s.token, planId, lang);
      await pay(t, s.token, started.paymentIntentId).expect(200);
      await t.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() + 5 * 86_400_000) })
        .where(eq(subscriptions.id, started.subscriptionId));
      return { ...s, id: started.subscriptionId };
    };
    const [renewing, french, month, leaving] = [
      await member(yearly._id, 'en'),
      await member(yearly._id, 'fr'),
      await member(monthly._id, 'en'),
      await member(yearly._id, 'en'),
    ];
    await send(t, 'post', `/users/me/subscriptions/${leaving.id}/cancel`, leaving.token).expect(
      200,
    );
    expect(await clock(t).announce()).toBeGreaterThanOrEqual(2);
    // the hourly look again, and on another instance: nothing new
    expect(await clock(t).announce()).toBe(0);
    await drain(t);
    const upcoming = (email: string) =>
      mailsTo(t, email).filter((m) => /renews on|se renouvelle le/.test(m.subject));
    const [mail] = upcoming(renewing.user.email);
    expect(upcoming(renewing.user.email)).toHaveLength(1);
    const date = (await row(t, renewing.id))!.currentPeriodEnd!.toLocaleDateString('en', {
      dateStyle: 'long',
      timeZone: 'UTC',
    });
    expect(mail!.subject).toBe(`Your “All the circus” membership renews on ${date}`);
    expect(mail!.text).toContain('$150.00 USD');
    expect(upcoming(french.user.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Votre abonnement « Tout le cirque » se renouvelle le /),
    ]);
    expect(upcoming(month.user.email)).toEqual([]);
    expect(upcoming(leaving.user.email)).toEqual([]);
  });
});

describe('reminders understand a membership', () => {
  it('no "your access ends" reminder for a bought item a membership opens beyond its end', async () => {
    const { course: covered } = await classOf();
    const { course: alone } = await classOf();
    const plan = await makePlan(t, { includes: [{ itemType: 'course', itemId: covered.id }] });
    const { user, token } = await student(t);
    for (const item of [covered, alone]) {
      await createPurchase(t.db, {
        userId: user.id,
        itemType: 'course',
        itemId: item.id,
        expiresAt: new Date(Date.now() + 5 * 86_400_000),
      });
    }
    const started = await subscribe(t, token, plan._id);
    await pay(t, token, started.paymentIntentId).expect(200);
    await t.app.get(RemindersService).scan();
    const written = await t.db
      .select()
      .from(accessReminders)
      .where(eq(accessReminders.userId, user.id));
    expect(written.map((r) => r.itemId)).toEqual([alone.id]);
  });
});
