import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { invoices, paymentBilling, payments } from '../../src/database/schema.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { StripeStandIn } from '../support/stripe-stand-in.js';
import { newWebhookSecret, sendStripeEvent, stripeSettings } from '../support/stripe-webhooks.js';
import { createCourse, createUser } from '../support/factories.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

jest.setTimeout(180_000);

// Stripe Tax with Stripe keys, through the real SDK against the stand-in: the checkout's tax is a
// Tax Calculation (the stand-in's rates differ from the table's where a test needs to tell them
// apart), the PaymentIntent charges its total, the invoice takes its figures, the paid payment
// records a tax transaction and a refund reverses it. The seller is the default: Spain, OSS.

let t: TestApp;
let stand: StripeStandIn;
let adminToken: string;

beforeAll(async () => {
  stand = await new StripeStandIn().start();
  t = await createTestApp({ stripe: stripeSettings(stand, newWebhookSecret()) });
  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = await tokenFor(t, admin);
});
afterAll(async () => {
  await t?.close();
  await stand?.stop();
});
beforeEach(() => {
  stand.tax.failing = false;
  stand.tax.rates = { ES: '21.0', DE: '19.0', FR: '20.0', US: '0.0' };
});

const api = () => request(t.app.getHttpServer());
const as = (token: string) => ({
  post: (path: string, body: object) =>
    api().post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body),
  put: (path: string, body: object) =>
    api().put(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body),
  get: (path: string) => api().get(`/api${path}`).set('Authorization', `Bearer ${token}`),
});
const drain = () => t.app.get(JobsService).drain();

async function buyer() {
  const user = await createUser(t.db);
  return { user, token: await tokenFor(t, user) };
}

/** Starts a checkout of one course of `cents` billed to `billing`. */
async function start(token: string, cents: number, billing: object) {
  const course = await createCourse(t.db, { priceCents: cents });
  const res = await as(token)
    .post('/stripe/crear-payment-intent', { items: [{ id: course.id, type: 'course' }], billing })
    .expect(201);
  return res.body as {
    paymentIntentId: string;
    amount: number;
    tax: { rate: number; amount: number; net: number; reverseCharge: boolean };
  };
}

/** The card of `cardCountry` pays it and the buyer's page confirms it. */
async function payAndConfirm(token: string, paymentIntentId: string, cardCountry = 'US') {
  stand.succeed(paymentIntentId, cardCountry);
  await as(token).post('/stripe/confirmar-compra-payment-intent', { paymentIntentId }).expect(200);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId));
  const [kept] = await t.db
    .select()
    .from(paymentBilling)
    .where(eq(paymentBilling.paymentId, payment.id));
  return { payment, kept };
}

const calculationsFor = (country: string) =>
  stand.requests.filter(
    (r) =>
      r.path === '/v1/tax/calculations' && r.body['customer_details[address][country]'] === country,
  );
const invoicesOf = (paymentId: string) =>
  t.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));

describe('with Stripe keys, Stripe Tax computes the tax', () => {
  it("charges the calculation's total and the invoice takes Stripe's rate and amounts", async () => {
    // Stripe knows of a rate the table does not (the table says 19%)
    stand.tax.rates.DE = '16.0';
    const { token } = await buyer();
    const started = await start(token, 11600, { name: 'Jonas', country: 'DE' });
    expect(started).toMatchObject({ amount: 116, tax: { rate: 16, amount: 16, net: 100 } });
    const [calc] = calculationsFor('DE').slice(-1);
    expect(calc.body).toMatchObject({
      currency: 'usd',
      'line_items[0][amount]': '11600',
      'line_items[0][tax_behavior]': 'inclusive',
      'customer_details[address_source]': 'billing',
      'expand[0]': 'line_items',
    });
    expect(stand.intent(started.paymentIntentId).amount).toBe(11600);

    const { payment, kept } = await payAndConfirm(token, started.paymentIntentId, 'DE');
    expect(kept).toMatchObject({
      rateBp: 1600,
      taxCents: 1600,
      netCents: 10000,
      cardCountry: 'DE',
    });
    expect(kept.taxCalculationId).toMatch(/^taxcalc_/);
    const [invoice] = await invoicesOf(payment.id);
    expect(invoice).toMatchObject({ rateBp: 1600, netCents: 10000, taxCents: 1600 });
    expect(invoice.content.lines[0]).toMatchObject({ netCents: 10000, taxCents: 1600 });

    // once registered, the tax transaction is recorded from the calculation, the payment its reference
    await drain();
    const recorded = stand.requests.filter(
      (r) => r.path === '/v1/tax/transactions/create_from_calculation',
    );
    expect(recorded.find((r) => r.body.reference === payment.id)?.body.calculation).toBe(
      kept.taxCalculationId,
    );
    const [after] = await t.db
      .select()
      .from(paymentBilling)
      .where(eq(paymentBilling.paymentId, payment.id));
    expect(stand.tax.transactions.get(after.taxTransactionId!)).toMatchObject({
      type: 'transaction',
      reference: payment.id,
    });
  });

  it('adds the tax to prices shown without it (exclusive), and reverse charges an EU business', async () => {
    const admin = adminToken;
    const current = (await as(admin).get('/admin/billing/settings').expect(200)).body as object;
    await as(admin)
      .put('/admin/billing/settings', { ...current, pricesIncludeTax: false })
      .expect(200);
    try {
      const { token } = await buyer();
      const consumer = await start(token, 10000, { name: 'Marie', country: 'FR' });
      expect(consumer).toMatchObject({ amount: 120, tax: { rate: 20, amount: 20, net: 100 } });
      expect(calculationsFor('FR').at(-1)?.body['line_items[0][tax_behavior]']).toBe('exclusive');
      expect(stand.intent(consumer.paymentIntentId).amount).toBe(12000);

      const business = await buyer();
      const b2b = await start(business.token, 10000, {
        name: 'Zirkus GmbH',
        country: 'DE',
        taxId: 'DE123456789',
      });
      expect(b2b).toMatchObject({ amount: 100, tax: { rate: 0, amount: 0, reverseCharge: true } });
      expect(calculationsFor('DE').at(-1)?.body).toMatchObject({
        'customer_details[tax_ids][0][type]': 'eu_vat',
        'customer_details[tax_ids][0][value]': 'DE123456789',
      });
    } finally {
      await as(admin).put('/admin/billing/settings', { ...current, pricesIncludeTax: true });
    }
  });

  it('a whole refund reverses the tax transaction in full, a partial one by its amount', async () => {
    const { token } = await buyer();
    const whole = await start(token, 5000, { name: 'Jonas', country: 'DE' });
    const paidWhole = await payAndConfirm(token, whole.paymentIntentId);
    const part = await start(token, 8000, { name: 'Jonas', country: 'DE' });
    const paidPart = await payAndConfirm(token, part.paymentIntentId);
    await drain();

    await as(adminToken).post(`/payments/${paidWhole.payment.id}/refund`, {}).expect(200);
    await sendStripeEvent(t, 'charge.refunded', {
      id: 'ch_partial_tax',
      object: 'charge',
      payment_intent: part.paymentIntentId,
      amount: 8000,
      amount_refunded: 2000,
      refunded: false,
    }).expect(200);
    await drain();

    const txOf = async (paymentId: string) =>
      (await t.db.select().from(paymentBilling).where(eq(paymentBilling.paymentId, paymentId)))[0]
        .taxTransactionId!;
    const noteOf = async (paymentId: string) =>
      (await invoicesOf(paymentId)).find((i) => i.kind === 'credit_note')!;
    const [full] = stand.tax.reversalsOf(await txOf(paidWhole.payment.id));
    expect(full).toMatchObject({
      mode: 'full',
      reference: (await noteOf(paidWhole.payment.id)).number,
    });
    const [partial] = stand.tax.reversalsOf(await txOf(paidPart.payment.id));
    expect(partial).toMatchObject({
      mode: 'partial',
      flat_amount: -2000,
      reference: (await noteOf(paidPart.payment.id)).number,
    });
  });

  it('an unreachable Stripe Tax does not stop the sale: the table applies and nothing is recorded', async () => {
    stand.tax.failing = true;
    const { token } = await buyer();
    const started = await start(token, 11900, { name: 'Jonas', country: 'DE' });
    expect(started).toMatchObject({ amount: 119, tax: { rate: 19, amount: 19 } });
    const { payment, kept } = await payAndConfirm(token, started.paymentIntentId);
    expect(kept.taxCalculationId).toBeNull();
    expect((await invoicesOf(payment.id))[0]).toMatchObject({ rateBp: 1900, taxCents: 1900 });
    await drain();
    expect(
      stand.requests.some(
        (r) =>
          r.path === '/v1/tax/transactions/create_from_calculation' &&
          r.body.reference === payment.id,
      ),
    ).toBe(false);
  });

  it('turned off by the coach, the table computes it and Stripe Tax is not asked', async () => {
    const current = (await as(adminToken).get('/admin/billing/settings').expect(200))
      .body as object;
    await as(adminToken)
      .put('/admin/billing/settings', { ...current, stripeTax: false })
      .expect(200);
    try {
      stand.tax.rates.DE = '16.0';
      const before = calculationsFor('DE').length;
      const { token } = await buyer();
      const started = await start(token, 11900, { name: 'Jonas', country: 'DE' });
      expect(started.tax.rate).toBe(19);
      expect(calculationsFor('DE')).toHaveLength(before);
    } finally {
      await as(adminToken).put('/admin/billing/settings', { ...current, stripeTax: true });
    }
  });
});
