import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { invoices, paymentBilling, payments } from '../../src/database/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { makePlan, mine, pay, row, send, student, subscribe } from './membership-helpers.js';

jest.setTimeout(120_000);

// The billing details given on the subscribe screen: the VAT inside the plan's price for that
// country is answered as checkout answers it, and the first period's invoice says the same.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const invoiceOf = async (subscriptionId: string) => {
  const sub = await row(t, subscriptionId);
  const [paid] = await t.db.select().from(payments).where(eq(payments.userId, sub!.userId));
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, paid!.id));
  return { paymentId: paid!.id, invoice };
};

describe('the billing details of a membership’s start', () => {
  it('answers the tax inside the price for the country given, and the first invoice says the same', async () => {
    const plan = await makePlan(t, { price: 19 });
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id, 'en', {
      billing: { name: 'Lucía Pérez', country: 'DE' },
    });
    expect(started.amount).toBe(19);
    expect(started.tax).toMatchObject({ country: 'DE', countrySource: 'billing', included: true });
    expect(started.tax!.rate).toBeGreaterThan(0);
    expect(Math.round((started.tax!.net + started.tax!.amount) * 100)).toBe(1900);

    await pay(t, token, started.paymentIntentId).expect(200);
    expect((await mine(t, token))[0]!.status).toBe('active');
    const { paymentId, invoice } = await invoiceOf(started.subscriptionId);
    const [kept] = await t.db
      .select()
      .from(paymentBilling)
      .where(eq(paymentBilling.paymentId, paymentId));
    expect(kept).toMatchObject({ country: 'DE', name: 'Lucía Pérez' });
    expect(invoice).toMatchObject({
      country: 'DE',
      totalCents: 1900,
      taxCents: Math.round(started.tax!.amount * 100),
      rateBp: Math.round(started.tax!.rate * 100),
    });
  });

  it('outside the EU: no VAT, the whole price net; another country is another start', async () => {
    const plan = await makePlan(t, { price: 19 });
    const { token } = await student(t);
    const first = await subscribe(t, token, plan._id, 'es', {
      billing: { name: 'Lucía', country: 'ES' },
    });
    const again = await subscribe(t, token, plan._id, 'es', {
      billing: { name: 'Lucía', country: 'ES' },
    });
    // the same details: the same unpaid start (a second click)
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    const abroad = await subscribe(t, token, plan._id, 'es', {
      billing: { name: 'Lucía', country: 'US' },
    });
    expect(abroad.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(abroad.tax).toMatchObject({ country: 'US', rate: 0, amount: 0, net: 19 });
    expect(abroad.tax!.scheme).toBe('outside_eu');
    const bad = await send(t, 'post', '/subscriptions', token, {
      planId: plan._id,
      billing: { name: 'Lucía', country: 'FR', taxId: 'FR1' },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'billing.invalid_vat_number']);
  });
});
