import { jest } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { accessEndsAt } from '@circo/shared-contracts';
import { accessGrants, paymentItems, payments } from '../../src/database/schema.js';
import { localProviderObjects } from '../../src/database/tables/payments.table.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  createCourse,
  createDiscount,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { NOT_FOUND_ID, tokenFor } from '../catalog/catalog-helpers.js';

jest.setTimeout(120_000);

// Checkout on the local test provider (the default without Stripe keys): the same /stripe paths,
// states and rules as with Stripe, driven through the API as the browser drives it.

let t: TestApp;
const CARD = { expiry: '12/40', cvc: '123' };
const OK = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NEEDS_STEP = '4000 0027 6000 3184';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = () => request(t.app.getHttpServer());

async function buyer() {
  const user = await createUser(t.db);
  return { user, token: await tokenFor(t, user) };
}

function post(path: string, token: string, body: object) {
  return api().post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
}

async function startPayment(token: string, items: object[], lang = 'es') {
  const res = await post('/stripe/crear-payment-intent', token, { items, lang });
  expect(res.status).toBe(201);
  return res.body as {
    clientSecret: string;
    paymentIntentId: string;
    amount: number;
    provider: string;
    items: Array<{
      id: string;
      price: number;
      listPrice: number;
      discount: unknown;
      accessEndsAt: string;
    }>;
    alreadyOwned: unknown[];
  };
}

const pay = (token: string, paymentIntentId: string, cardNumber: string) =>
  post('/stripe/local/confirm', token, { paymentIntentId, cardNumber, ...CARD });
const confirm = (token: string, paymentIntentId: string) =>
  post('/stripe/confirmar-compra-payment-intent', token, { paymentIntentId });

const grantsOf = (userId: string) =>
  t.db.select().from(accessGrants).where(eq(accessGrants.userId, userId));

describe('starting a payment', () => {
  it('charges the server price, whatever price the client sends', async () => {
    const course = await createCourse(t.db, { priceCents: 4999 });
    const { token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course', price: 0.01 }]);
    expect(started).toMatchObject({ provider: 'local', amount: 49.99 });
    expect(started.clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
    expect(started.items).toEqual([
      expect.objectContaining({ id: course.id, listPrice: 49.99, price: 49.99, discount: null }),
    ]);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, started.paymentIntentId));
    expect(row.amountCents).toBe(4999);
  });

  it('applies the best active voucher and records it on the payment item', async () => {
    const course = await createCourse(t.db, { priceCents: 10000 });
    await createDiscount(t.db, {
      name: 'Bono primavera',
      percentage: 25,
      targets: [{ itemType: 'course', itemId: course.id }],
    });
    await t.catalogChanged(); // the checkout prices with the vouchers this instance knows
    const { token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course', price: 100 }]);
    expect(started.amount).toBe(75);
    expect(started.items[0]).toMatchObject({
      listPrice: 100,
      price: 75,
      discount: { name: 'Bono primavera', percentage: 25 },
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, started.paymentIntentId));
    const [item] = await t.db
      .select()
      .from(paymentItems)
      .where(eq(paymentItems.paymentId, payment.id));
    expect(item).toMatchObject({
      listPriceCents: 10000,
      priceCents: 7500,
      discountName: 'Bono primavera',
    });
  });

  it('shows when the access bought now ends', async () => {
    const course = await createCourse(t.db);
    const { token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course' }]);
    const ends = new Date(started.items[0].accessEndsAt).getTime();
    const year = 365 * 86_400_000;
    expect(Math.abs(ends - Date.now() - year)).toBeLessThan(2 * 86_400_000);
  });

  it('reuses the payment when the buy button is clicked twice at once', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const items = [{ id: course.id, type: 'course' }];
    const [a, b] = await Promise.all([startPayment(token, items), startPayment(token, items)]);
    expect(a.paymentIntentId).toBe(b.paymentIntentId);
    expect(await t.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
  });

  it('leaves out items already owned, and refuses a cart of owned items only', async () => {
    const owned = await createCourse(t.db);
    const other = await createCourse(t.db);
    const { user, token } = await buyer();
    await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: owned.id });
    const started = await startPayment(token, [
      { id: owned.id, type: 'course' },
      { id: other.id, type: 'course' },
    ]);
    expect(started.alreadyOwned).toEqual([{ id: owned.id, type: 'course' }]);
    expect(started.items.map((i) => i.id)).toEqual([other.id]);

    const res = await post('/stripe/crear-payment-intent', token, {
      items: [{ id: owned.id, type: 'course' }],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'payments.already_owned',
      message: 'You already had these courses/trainings in your account',
    });
  });

  it('answers 400 for a bad cart and 404 for an unknown item, 401 for a visitor', async () => {
    const { token } = await buyer();
    for (const body of [
      { items: [] },
      { items: [{ id: 'x', type: 'course' }] },
      { items: [{ id: NOT_FOUND_ID, type: 'book' }] },
      { items: [{ id: NOT_FOUND_ID, type: 'course', price: -1 }] },
      { items: 'all' },
      {},
    ]) {
      const res = await post('/stripe/crear-payment-intent', token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('common.validation_failed');
    }
    const missing = await post('/stripe/crear-payment-intent', token, {
      items: [{ id: NOT_FOUND_ID, type: 'course' }],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('payments.item_not_found');
    await api()
      .post('/api/stripe/crear-payment-intent')
      .send({ items: [{ id: NOT_FOUND_ID, type: 'course' }] })
      .expect(401);
  });
});

describe('paying with the test cards', () => {
  it('4242: registers the purchase once, lists it, and mails a receipt', async () => {
    const course = await createCourse(t.db, { classes: 1 });
    const f = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
    const { user, token } = await buyer();
    const started = await startPayment(
      token,
      [
        { id: course.id, type: 'course' },
        { id: f.id, type: 'formation' },
      ],
      'en',
    );
    const paid = await pay(token, started.paymentIntentId, OK).expect(200);
    expect(paid.body).toEqual({ paymentIntentId: started.paymentIntentId, status: 'succeeded' });

    const result = await confirm(token, started.paymentIntentId).expect(200);
    expect(result.body).toMatchObject({
      success: true,
      outcome: 'registered',
      message: 'Purchase successfully registered',
    });
    expect(result.body.items).toHaveLength(2);

    // the success page confirms again: nothing new
    await confirm(token, started.paymentIntentId).expect(200);
    expect(await grantsOf(user.id)).toHaveLength(2);

    const mine = await api()
      .get('/api/users/mis-compras')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(mine.body.cursos.map((c: { courseId: string }) => c.courseId)).toEqual([course.id]);
    expect(mine.body.formaciones.map((c: { formationId: string }) => c.formationId)).toEqual([
      f.id,
    ]);

    await t.app.get(JobsService).drain();
    const outbox = join(t.config.dataDir, 'outbox');
    const receipts = readdirSync(outbox)
      .map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')))
      .filter((m: { to: string }) => m.to === user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Your Circo purchase: receipt');
    expect(receipts[0].text).toContain('access until');
    expect(receipts[0].text).toContain('Total paid: $');
  });

  it('4000 0000 0000 0002: declined with the provider message, nothing registered', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course' }], 'es');
    const res = await pay(token, started.paymentIntentId, DECLINED).expect(200);
    expect(res.body).toMatchObject({
      status: 'failed',
      error: { code: 'card_declined', message: 'Tu tarjeta ha sido rechazada.' },
    });
    const result = await confirm(token, started.paymentIntentId).expect(200);
    expect(result.body).toMatchObject({ success: false, outcome: 'failed' });
    expect(await grantsOf(user.id)).toEqual([]);

    // the same intent can still be paid with a good card
    await pay(token, started.paymentIntentId, OK).expect(200);
    expect((await confirm(token, started.paymentIntentId)).body.outcome).toBe('registered');
  });

  it('rejects a malformed card before charging it', async () => {
    const course = await createCourse(t.db);
    const { token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course' }], 'en');
    const wrongNumber = await pay(token, started.paymentIntentId, '4242 4242 4242 4241');
    expect(wrongNumber.body.error).toEqual({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    const expired = await post('/stripe/local/confirm', token, {
      paymentIntentId: started.paymentIntentId,
      cardNumber: OK,
      expiry: '01/20',
      cvc: '123',
    });
    expect(expired.body.error.code).toBe('invalid_expiry');
  });

  it('4000 0027 6000 3184: completes after the confirmation step and returns to /pago-exitoso', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course' }], 'fr');
    const res = await pay(token, started.paymentIntentId, NEEDS_STEP).expect(200);
    expect(res.body.status).toBe('requires_action');
    // the provider's pages are served by the shop itself: relative paths keep the buyer's origin
    const step = new URL(res.body.redirectUrl, 'http://shop.test');
    expect(step.pathname).toBe(`/api/stripe/local/authenticate/${started.paymentIntentId}`);
    expect(res.body.redirectUrl.startsWith('/api/stripe/local/authenticate/')).toBe(true);

    // the link carries the payment's client secret; without it the page is not found
    expect(step.searchParams.get('client_secret')).toBe(started.clientSecret);
    await api().get(step.pathname).expect(404);
    const page = await api()
      .get(step.pathname + step.search)
      .expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('Confirmez ce paiement de test');
    expect(await grantsOf(user.id)).toEqual([]);

    // someone with the payment's id but not its secret approves nothing
    await api().post(step.pathname).type('form').send({ action: 'approve' }).expect(404);
    await api()
      .post(`${step.pathname}?client_secret=${started.paymentIntentId}_secret_${'0'.repeat(24)}`)
      .type('form')
      .send({ action: 'approve' })
      .expect(404);
    expect(await grantsOf(user.id)).toEqual([]);
    const back = await api()
      .post(step.pathname + step.search)
      .type('form')
      .send({ action: 'approve' })
      .expect(303);
    expect(back.headers.location).toBe(`/pago-exitoso?payment_intent=${started.paymentIntentId}`);
    expect(await grantsOf(user.id)).toHaveLength(1);
    expect((await confirm(token, started.paymentIntentId)).body.outcome).toBe('registered');
  });

  it('a failed confirmation step registers nothing', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const started = await startPayment(token, [{ id: course.id, type: 'course' }]);
    const res = await pay(token, started.paymentIntentId, NEEDS_STEP).expect(200);
    const step = new URL(res.body.redirectUrl as string, 'http://shop.test');
    await api()
      .post(step.pathname + step.search)
      .type('form')
      .send({ action: 'fail' })
      .expect(303);
    expect((await confirm(token, started.paymentIntentId)).body.outcome).toBe('failed');
    expect(await grantsOf(user.id)).toEqual([]);
  });

  it('registers each item exactly once when confirm, success page and provider race', async () => {
    for (let round = 0; round < 50; round++) {
      const course = await createCourse(t.db);
      const { user, token } = await buyer();
      const started = await startPayment(token, [{ id: course.id, type: 'course' }]);
      await Promise.all([
        pay(token, started.paymentIntentId, OK),
        confirm(token, started.paymentIntentId),
        confirm(token, started.paymentIntentId),
        pay(token, started.paymentIntentId, OK),
      ]);
      await confirm(token, started.paymentIntentId).expect(200);
      const grants = await grantsOf(user.id);
      expect(grants).toHaveLength(1);
    }
  });
});

describe('who may confirm', () => {
  it('nobody confirms or pays another user’s payment; an unknown one is 404', async () => {
    const course = await createCourse(t.db);
    const owner = await buyer();
    const intruder = await buyer();
    const started = await startPayment(owner.token, [{ id: course.id, type: 'course' }]);
    const res = await confirm(intruder.token, started.paymentIntentId);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('payments.not_yours');
    expect((await pay(intruder.token, started.paymentIntentId, OK)).status).toBe(403);
    expect((await confirm(owner.token, 'pi_local_000000000000000000000000')).status).toBe(404);
    expect((await confirm(owner.token, 'not-an-id')).status).toBe(400);
  });
});

describe('renewal and refund', () => {
  it('an expired item is bought again with a fresh period, and the history keeps both', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: course.id,
      expired: true,
    });
    const started = await startPayment(token, [{ id: course.id, type: 'course' }]);
    expect(started.alreadyOwned).toEqual([]);
    await pay(token, started.paymentIntentId, OK).expect(200);
    const kinds = (await grantsOf(user.id)).map((g) => g.kind).sort();
    expect(kinds).toEqual(['admin_grant', 'renewal']);
    const mine = await api()
      .get('/api/users/mis-compras')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(mine.body.cursos[0].expired).toBe(false);
  });

  it("access ending within 30 days is renewed ahead (a reminder's renew link): the new period follows it", async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const ends = new Date(Date.now() + 6 * 86_400_000);
    await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: course.id,
      expiresAt: ends,
    });
    const started = await startPayment(token, [{ id: course.id, type: 'course' }]);
    expect(started.alreadyOwned).toEqual([]);
    const expected = accessEndsAt(ends, t.config.accessPeriodMonths).toISOString();
    expect(started.items[0].accessEndsAt).toBe(expected);
    await pay(token, started.paymentIntentId, OK).expect(200);
    const renewal = (await grantsOf(user.id)).find((g) => g.kind === 'renewal')!;
    expect(renewal.startsAt.toISOString()).toBe(ends.toISOString());
    expect(renewal.expiresAt.toISOString()).toBe(expected);

    // access ending later than 30 days from now is already owned
    const later = await createCourse(t.db);
    await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: later.id,
      expiresAt: new Date(Date.now() + 31 * 86_400_000),
    });
    const res = await post('/stripe/crear-payment-intent', token, {
      items: [{ id: later.id, type: 'course' }],
    });
    expect(res.status).toBe(409);
  });

  it('an admin refund ends the access at once', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const admin = await createUser(t.db, { role: 'admin' });
    const adminToken = await tokenFor(t, admin);
    const started = await startPayment(token, [{ id: course.id, type: 'course' }]);
    await pay(token, started.paymentIntentId, OK).expect(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, started.paymentIntentId));

    await post(`/payments/${payment.id}/refund`, token, {}).expect(403);
    await post(`/payments/${payment.id}/refund`, adminToken, {}).expect(200);
    await post(`/payments/${payment.id}/refund`, adminToken, {}).expect(200); // idempotent

    const mine = await api()
      .get('/api/users/mis-compras')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    // refunded: no longer owned, so no longer in My Courses; the history keeps both rows
    expect(mine.body.cursos).toEqual([]);
    const history = await t.db
      .select()
      .from(accessGrants)
      .where(and(eq(accessGrants.userId, user.id), eq(accessGrants.itemId, course.id)));
    expect(history.map((g) => g.kind).sort()).toEqual(['purchase', 'refund']);
  });
});

describe('a free purchase (100% voucher: a scholarship)', () => {
  it('registers the items without a card payment, once, and an admin refund only ends the access', async () => {
    const course = await createCourse(t.db, { priceCents: 4000 });
    await createDiscount(t.db, {
      percentage: 100,
      type: 'course',
      targets: [{ itemType: 'course', itemId: course.id }],
    });
    await t.catalogChanged(); // the checkout prices with the vouchers this instance knows
    const { user, token } = await buyer();
    const cardObjects = async () => (await t.db.select().from(localProviderObjects)).length;
    const before = await cardObjects();

    const started = await startPayment(token, [{ id: course.id, type: 'course', price: 0 }]);
    expect(started).toMatchObject({ amount: 0, clientSecret: '', free: true });
    expect(started.items).toEqual([expect.objectContaining({ id: course.id, price: 0 })]);
    // asked again (a reload): the same purchase, still nothing started with the card provider
    const again = await startPayment(token, [{ id: course.id, type: 'course', price: 0 }]);
    expect(again.paymentIntentId).toBe(started.paymentIntentId);
    expect(await cardObjects()).toBe(before);
    // a free purchase has no card page
    const hosted = await post('/stripe/crear-sesion', token, {
      items: [{ id: course.id, type: 'course' }],
    });
    expect(hosted.status).toBe(400);
    expect(hosted.body.code).toBe('payments.free_needs_no_card');

    const registered = await confirm(token, started.paymentIntentId).expect(200);
    expect(registered.body).toMatchObject({ success: true, outcome: 'registered' });
    expect(registered.body.items).toEqual([expect.objectContaining({ id: course.id })]);
    await confirm(token, started.paymentIntentId).expect(200);
    expect((await grantsOf(user.id)).map((g) => g.itemId)).toEqual([course.id]);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, started.paymentIntentId));
    expect(payment).toMatchObject({ amountCents: 0, status: 'succeeded', userId: user.id });
    // another buyer cannot confirm it
    await confirm((await buyer()).token, started.paymentIntentId).expect(403);

    const admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    await post(`/payments/${payment.id}/refund`, admin, {}).expect(200);
    const mine = await api()
      .get('/api/users/mis-compras')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(mine.body.cursos).toEqual([]);
  });

  it('charges the rest by card when only part of the cart is free', async () => {
    const free = await createCourse(t.db, { priceCents: 4000 });
    const paid = await createCourse(t.db, { priceCents: 2500 });
    await createDiscount(t.db, {
      percentage: 100,
      type: 'course',
      targets: [{ itemType: 'course', itemId: free.id }],
    });
    await t.catalogChanged(); // the checkout prices with the vouchers this instance knows
    const { token } = await buyer();
    const started = await startPayment(token, [
      { id: free.id, type: 'course' },
      { id: paid.id, type: 'course' },
    ]);
    expect(started).toMatchObject({ amount: 25 });
    expect(started).not.toHaveProperty('free');
    expect(started.clientSecret).toMatch(/^pi_local_/);
  });
});

describe('hosted checkout (crear-sesion) on the local provider', () => {
  it('pays on the hosted page and registers through confirmar-compra', async () => {
    const course = await createCourse(t.db, { priceCents: 3000 });
    const { user, token } = await buyer();
    const res = await post('/stripe/crear-sesion', token, {
      items: [{ id: course.id, type: 'course' }],
      lang: 'en',
    }).expect(201);
    expect(res.body).toMatchObject({ provider: 'local', amount: 30 });
    // a relative path: the shop's own page, on the buyer's origin
    expect((res.body.url as string).startsWith(`/api/stripe/local/checkout/${res.body.id}?`)).toBe(
      true,
    );
    const pageUrl = new URL(res.body.url as string, 'http://shop.test');
    const pagePath = pageUrl.pathname + pageUrl.search;
    // the hosted page and its form act only with the session's client secret
    await api().get(pageUrl.pathname).expect(404);
    await api()
      .post(pageUrl.pathname)
      .type('form')
      .send({ cardNumber: OK, ...CARD })
      .expect(404);
    const page = await api().get(pagePath).expect(200);
    expect(page.text).toContain('Card payment');
    expect(page.text).toContain('$30.00');

    const declined = await api()
      .post(pagePath)
      .type('form')
      .send({ cardNumber: DECLINED, ...CARD })
      .expect(402);
    expect(declined.text).toContain('Your card was declined.');

    const done = await api()
      .post(pagePath)
      .type('form')
      .send({ cardNumber: OK, ...CARD })
      .expect(303);
    expect(done.headers.location).toBe(`/pago-exitoso?session_id=${res.body.id}`);
    const result = await api()
      .get(`/api/stripe/confirmar-compra?session_id=${res.body.id}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(result.body).toMatchObject({ success: true, outcome: 'registered' });
    expect(await grantsOf(user.id)).toHaveLength(1);
  });
});

describe('sales paused', () => {
  it('refuses to start a payment with a clear message', async () => {
    const paused = await createTestApp({ salesPaused: true });
    try {
      const course = await createCourse(paused.db);
      const user = await createUser(paused.db);
      const res = await request(paused.app.getHttpServer())
        .post('/api/stripe/crear-payment-intent')
        .set('Authorization', `Bearer ${await tokenFor(paused, user)}`)
        .send({ items: [{ id: course.id, type: 'course' }] });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('payments.sales_paused');
      expect(await paused.db.select().from(payments)).toEqual([]);
    } finally {
      await paused.close();
    }
  });
});
