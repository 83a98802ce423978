import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { invoices, paymentBilling, payments } from '../../src/database/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createCourse, createUser } from '../support/factories.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import {
  CARD,
  clock,
  endPeriod,
  makePlan,
  pay,
  send,
  student,
  subscribe,
} from '../memberships/membership-helpers.js';

jest.setTimeout(120_000);

// The evidence of the buyer's country on the local test provider: the card's country, as Stripe's
// country test cards report it, kept with the payment and listed in the invoices CSV; and a
// membership's periods taxed by the billing details kept on its subscription.

let t: TestApp;
let adminToken: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = await tokenFor(t, admin);
});
afterAll(() => t?.close());

/** Buys a course with `cardNumber`: the payment's kept evidence and its invoice. */
async function buyWith(token: string, cardNumber: string, billing?: object) {
  const course = await createCourse(t.db, { priceCents: 4900 });
  const started = await send(t, 'post', '/stripe/crear-payment-intent', token, {
    items: [{ id: course.id, type: 'course' }],
    lang: 'es',
    ...(billing && { billing }),
  }).expect(201);
  const { paymentIntentId } = started.body as { paymentIntentId: string };
  const paid = await send(t, 'post', '/stripe/local/confirm', token, {
    paymentIntentId,
    cardNumber,
    ...CARD,
  }).expect(200);
  expect(paid.body).toMatchObject({ status: 'succeeded' });
  return evidenceOf(paymentIntentId);
}

async function evidenceOf(paymentIntentId: string) {
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId));
  const [kept] = await t.db
    .select()
    .from(paymentBilling)
    .where(eq(paymentBilling.paymentId, payment.id));
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
  return { kept, invoice };
}

describe("the card's country", () => {
  it("is kept with the payment, as Stripe's country test cards report it", async () => {
    const { token } = await student(t);
    const german = await buyWith(token, '4000 0027 6000 0016', { name: 'Lucía', country: 'FR' });
    expect(german.kept).toMatchObject({
      country: 'FR',
      countrySource: 'billing',
      cardCountry: 'DE',
    });
    // the tax follows the billing country; the card is evidence beside it
    expect(german.invoice).toMatchObject({ country: 'FR', rateBp: 2000 });

    const spanish = await buyWith(token, '4000 0072 4000 0007');
    expect(spanish.kept).toMatchObject({
      country: 'FR',
      countrySource: 'profile',
      cardCountry: 'ES',
    });
    const french = await buyWith(token, '4000 0025 0000 0003');
    expect(french.kept.cardCountry).toBe('FR');
    const american = await buyWith(token, '4242 4242 4242 4242');
    expect(american.kept.cardCountry).toBe('US');
  });

  it('is listed with where the country came from in the invoices CSV, in each language', async () => {
    const { token } = await student(t);
    const { invoice } = await buyWith(token, '4000 0027 6000 0016', { name: 'Ana', country: 'ES' });
    const csvOf = async (lang: string) =>
      (
        await send(t, 'get', `/admin/invoices?from=${today}&to=${today}&lang=${lang}`, adminToken)
          .expect(200)
          .then((r) => r.text)
      ).split(/\r?\n/);
    const es = await csvOf('es');
    expect(es[0]).toMatch(/;origen_país;país_tarjeta$/);
    expect(es.find((l) => l.startsWith(`${invoice.number};`))).toMatch(/;facturación;DE$/);
    const en = await csvOf('en');
    expect(en[0]).toMatch(/,country_source,card_country$/);
    expect(en.find((l) => l.startsWith(`${invoice.number},`))).toMatch(/,billing,DE$/);
    const fr = await csvOf('fr');
    expect(fr[0]).toMatch(/;source_pays;pays_carte$/);
  });
});

describe("a membership's invoices", () => {
  it('are taxed by the billing details kept on the subscription, renewals too', async () => {
    const plan = await makePlan(t, { price: 19 });
    const { token } = await student(t);
    const started = await subscribe(t, token, plan._id, 'es', {
      billing: { name: 'Lucía Zirkus', country: 'DE' },
    });
    await pay(t, token, started.paymentIntentId).expect(200);
    const first = await evidenceOf(started.paymentIntentId);
    expect(first.invoice).toMatchObject({ country: 'DE', rateBp: 1900, totalCents: 1900 });
    expect(first.kept).toMatchObject({ name: 'Lucía Zirkus', countrySource: 'billing' });

    // she buys a course billed to France since: her last billing details, not the membership's
    await buyWith(token, '4242 4242 4242 4242', { name: 'Lucía', country: 'FR' });
    await endPeriod(t, started.subscriptionId);
    expect(await clock(t).renew(started.subscriptionId)).toBe('renewed');
    const renewals = await t.db
      .select()
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .where(eq(payments.purpose, 'subscription'));
    const mine = renewals.filter((r) => r.payments.userId === first.invoice.userId);
    expect(mine).toHaveLength(2);
    for (const r of mine) {
      expect(r.invoices).toMatchObject({ country: 'DE', rateBp: 1900, totalCents: 1900 });
      expect(r.invoices.content.buyer).toMatchObject({ name: 'Lucía Zirkus', country: 'DE' });
    }
    // the renewal charged the saved card: its country is kept too
    const renewed = mine.find((r) => r.payments.id !== first.kept.paymentId)!;
    const [kept] = await t.db
      .select()
      .from(paymentBilling)
      .where(eq(paymentBilling.paymentId, renewed.payments.id));
    expect(kept).toMatchObject({ country: 'DE', countrySource: 'billing', cardCountry: 'US' });
  });
});
