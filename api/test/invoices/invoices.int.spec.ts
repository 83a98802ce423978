import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { invoices, paymentBilling, payments } from '../../src/database/schema.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createCourse, createUser } from '../support/factories.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

jest.setTimeout(120_000);

// Invoices, credit notes and VAT by the buyer's country, through the API as the cart and the
// admin use it, on the local test provider. The seller is the table's default: Spain, OSS,
// prices including VAT.

let t: TestApp;
let adminToken: string;
const YEAR = new Date().getUTCFullYear();
const MONTH = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = await tokenFor(t, admin);
});
afterAll(() => t?.close());

const api = () => request(t.app.getHttpServer());
const post = (path: string, token: string, body: object) =>
  api().post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
const get = (path: string, token: string) =>
  api().get(`/api${path}`).set('Authorization', `Bearer ${token}`);

async function buyer(name = 'Erika') {
  const user = await createUser(t.db, { name });
  return { user, token: await tokenFor(t, user) };
}

function start(token: string, courseId: string, billing?: object, lang = 'es') {
  return post('/stripe/crear-payment-intent', token, {
    items: [{ id: courseId, type: 'course' }],
    lang,
    ...(billing && { billing }),
  });
}

/** Starts, pays with the test card and confirms: the payment's row. */
async function buy(token: string, courseId: string, billing?: object, lang = 'es') {
  const started = await start(token, courseId, billing, lang);
  expect(started.status).toBe(201);
  const { paymentIntentId } = started.body as { paymentIntentId: string };
  await post('/stripe/local/confirm', token, {
    paymentIntentId,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  }).expect(200);
  await post('/stripe/confirmar-compra-payment-intent', token, { paymentIntentId }).expect(200);
  const [row] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId));
  return {
    payment: row,
    started: started.body as { amount: number; tax: Record<string, unknown> },
  };
}

/** The text of a PDF, as pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const file = join(t.config.dataDir, `invoice-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const pdfOf = async (token: string, id: string) =>
  (
    await get(`/users/me/invoices/${id}/pdf`, token)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200)
  ).body as Buffer;

const mine = async (token: string) =>
  (await get('/users/me/invoices', token).expect(200)).body as Array<Record<string, unknown>>;

describe('the VAT of a checkout, by the buyer', () => {
  it.each([
    ['DE', 19, 19.0, 'oss'],
    ['ES', 21, 20.65, 'domestic'],
    ['FR', 20, 19.83, 'oss'],
    ['US', 0, 0, 'outside_eu'],
  ])('a consumer in %s pays %i%%, inside the price', async (country, rate, taxAmount, scheme) => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    const res = await start(token, course.id, { name: 'Erika Mustermann', country });
    expect(res.status).toBe(201);
    // prices include VAT: what is charged is the price, whoever buys
    expect(res.body.amount).toBe(119);
    expect(res.body.tax).toEqual({
      rate,
      amount: taxAmount,
      net: Math.round((119 - taxAmount) * 100) / 100,
      country,
      countrySource: 'billing',
      scheme,
      reverseCharge: false,
      included: true,
    });
  });

  it('a German business with a VAT number pays 0%: reverse charge, all of it net', async () => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    const res = await start(token, course.id, {
      name: 'Muster GmbH',
      country: 'DE',
      taxId: 'DE 123 456 789',
    }).expect(201);
    expect(res.body.amount).toBe(119);
    expect(res.body.tax).toMatchObject({ rate: 0, amount: 0, net: 119, reverseCharge: true });
    const [kept] = await t.db
      .select()
      .from(paymentBilling)
      .innerJoin(payments, eq(payments.id, paymentBilling.paymentId))
      .where(eq(payments.providerPaymentId, res.body.paymentIntentId));
    expect(kept.payment_billing).toMatchObject({
      name: 'Muster GmbH',
      country: 'DE',
      countrySource: 'billing',
      taxId: 'DE123456789',
      rateBp: 0,
      scheme: 'reverse_charge',
    });
  });

  it('refuses a VAT number of the wrong format and a country that is not one', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    const bad = await start(token, course.id, { name: 'X', country: 'DE', taxId: 'FR12' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('billing.invalid_vat_number');
    const country = await start(token, course.id, { name: 'X', country: 'ZZ' });
    expect(country.status).toBe(400);
    expect(country.body.code).toBe('billing.invalid_country');
    const shape = await start(token, course.id, { name: '', country: 'germany' });
    expect(shape.status).toBe(400);
    expect(shape.body.code).toBe('common.validation_failed');
    // nothing was started
    expect(await t.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });

  it("without billing details: the buyer's last country, else the seller's", async () => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const other = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    const first = await start(token, course.id).expect(201);
    expect(first.body.tax).toMatchObject({ country: 'ES', countrySource: 'seller', rate: 21 });
    await start(token, course.id, { name: 'Erika', country: 'DE' }).expect(201);
    expect((await get('/users/me/billing', token).expect(200)).body).toEqual({
      name: 'Erika',
      country: 'DE',
      taxId: null,
    });
    const later = await start(token, other.id).expect(201);
    expect(later.body.tax).toMatchObject({ country: 'DE', countrySource: 'profile', rate: 19 });
  });
});

describe('invoices', () => {
  it('issues one invoice per paid payment, listed and downloadable by its buyer only', async () => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { user, token } = await buyer();
    const { payment } = await buy(token, course.id, { name: 'Erika Mustermann', country: 'DE' });
    const list = await mine(token);
    expect(list).toEqual([
      {
        _id: expect.any(String),
        number: expect.stringMatching(new RegExp(`^F${YEAR}-\\d{6}$`)),
        kind: 'invoice',
        issuedAt: expect.any(String),
        net: 100,
        tax: 19,
        taxRate: 19,
        total: 119,
        currency: 'USD',
        country: 'DE',
        reverseCharge: false,
        credits: null,
      },
    ]);
    const rows = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].content.buyer).toEqual({
      name: 'Erika Mustermann',
      email: user.email,
      country: 'DE',
      taxId: null,
    });

    const pdf = await get(`/users/me/invoices/${list[0]._id as string}/pdf`, token)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${list[0].number as string}.pdf`);
    const text = pdfText(pdf.body as Buffer);
    for (const words of [
      'Factura',
      list[0].number as string,
      'Erika Mustermann',
      user.email,
      'Alemania (DE)',
      'España (ES)',
      'Base imponible',
      'USD',
      'IVA del país del cliente',
    ]) {
      expect(text).toContain(words);
    }
    // amounts as Spanish writes them (a no-break space before the symbol)
    for (const amount of [/100,00\sUS\$/, /19,00\sUS\$/, /119,00\sUS\$/]) {
      expect(text).toMatch(amount);
    }

    const stranger = await buyer();
    const refused = await get(`/users/me/invoices/${list[0]._id as string}/pdf`, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('invoices.not_found');
    expect(await mine(stranger.token)).toEqual([]);
  });

  it("a business's invoice says reverse charge, in English for a buyer paying in English", async () => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    await buy(token, course.id, { name: 'Muster GmbH', country: 'DE', taxId: 'DE123456789' }, 'en');
    const [invoice] = await mine(token);
    expect(invoice).toMatchObject({
      net: 119,
      tax: 0,
      taxRate: 0,
      total: 119,
      reverseCharge: true,
    });
    const text = pdfText(await pdfOf(token, invoice._id as string));
    expect(text).toContain('Invoice');
    expect(text).toContain('Muster GmbH');
    expect(text).toContain('DE123456789');
    expect(text).toContain('Reverse charge: VAT to be accounted for by the customer');
  });

  it("a student's data export holds her invoices and billing details", async () => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    await buy(token, course.id, { name: 'Erika Mustermann', country: 'DE' });
    const data = (await get('/users/me/export', token).expect(200)).body;
    expect(data.invoices).toEqual(await mine(token));
    expect(data.invoices).toHaveLength(1);
    expect(data.billing).toEqual({ name: 'Erika Mustermann', country: 'DE', taxId: null });
  });

  it('numbers invoices consecutively in their series and year', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const course = await createCourse(t.db);
      const { token } = await buyer();
      await buy(token, course.id);
      numbers.push(Number(((await mine(token))[0].number as string).split('-')[1]));
    }
    expect(numbers[1]).toBe(numbers[0] + 1);
    expect(numbers[2]).toBe(numbers[1] + 1);
  });

  it('writes the counter on six digits, and on more once it passes 999,999', async () => {
    const course = await createCourse(t.db);
    const { token } = await buyer();
    await buy(token, course.id);
    const [number] = (await mine(token)).map((i) => i.number as string);
    expect(number).toMatch(new RegExp(`^F${YEAR}-\\d{6}$`));
    await t.db.execute(
      sql`update invoice_counters set last = 1234566 where series = 'F' and year = ${YEAR}`,
    );
    const next = await buyer();
    await buy(next.token, (await createCourse(t.db)).id);
    expect((await mine(next.token))[0].number).toBe(`F${YEAR}-1234567`);
  });

  it('keeps an invoice as issued: the database refuses to change or delete it', async () => {
    const course = await createCourse(t.db);
    const { token } = await buyer();
    const { payment } = await buy(token, course.id);
    await expect(
      t.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.paymentId, payment.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(invoices).where(eq(invoices.paymentId, payment.id))).rejects.toThrow();
  });

  it('attaches the invoice to the receipt e-mail, in the language paid in', async () => {
    const course = await createCourse(t.db);
    const { user, token } = await buyer();
    await buy(token, course.id, { name: 'Jeanne', country: 'FR' }, 'fr');
    await t.app.get(JobsService).drain();
    const outbox = join(t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')))
      .find((m: { to: string }) => m.to === user.email);
    const [invoice] = await mine(token);
    expect(mail.text).toContain(`Votre facture ${invoice.number as string} est jointe`);
    expect(mail.attachments).toEqual([
      {
        filename: `${invoice.number as string}.pdf`,
        contentType: 'application/pdf',
        base64: expect.any(String),
      },
    ]);
    expect(Buffer.from(mail.attachments[0].base64, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
  });
});

describe('credit notes', () => {
  it('a refund issues a credit note in its own series naming the invoice', async () => {
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    const { payment } = await buy(token, course.id, { name: 'Erika', country: 'DE' });
    await api()
      .post(`/api/payments/${payment.id}/refund`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    // twice is once
    await api()
      .post(`/api/payments/${payment.id}/refund`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    const [credit, invoice] = await mine(token);
    expect(invoice.kind).toBe('invoice');
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: expect.stringMatching(new RegExp(`^R${YEAR}-\\d{6}$`)),
      net: -100,
      tax: -19,
      taxRate: 19,
      total: -119,
      country: 'DE',
      credits: invoice.number,
    });
    const rows = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(rows).toHaveLength(2);
  });
});

describe('billing settings', () => {
  const settings = {
    legalName: 'Lucía Martín García',
    taxId: 'ES12345678Z',
    address: 'Calle del Circo 12\n28012 Madrid',
    country: 'ES',
    invoiceSeries: 'F',
    creditNoteSeries: 'R',
    pricesIncludeTax: true,
    ossRegistered: true,
    viesCheck: false,
    vatOverrides: {},
    eurRates: { [MONTH]: 0.5 },
  };

  it('the admin reads and sets them; a wrong one is a 400 with a code', async () => {
    const put = await api()
      .put('/api/admin/billing/settings')
      .set('Authorization', `Bearer ${adminToken}`)
      .send(settings)
      .expect(200);
    // Stripe Tax is on unless she turns it off; a PUT without it keeps it as it was
    expect(put.body).toEqual({ ...settings, stripeTax: true });
    const read = await get('/admin/billing/settings', adminToken).expect(200);
    expect(read.body).toEqual({ ...settings, stripeTax: true });
    const off = await api()
      .put('/api/admin/billing/settings')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ ...settings, stripeTax: false })
      .expect(200);
    expect(off.body.stripeTax).toBe(false);
    const kept = await api()
      .put('/api/admin/billing/settings')
      .set('Authorization', `Bearer ${adminToken}`)
      .send(settings)
      .expect(200);
    expect(kept.body.stripeTax).toBe(false);
    const notBoolean = await api()
      .put('/api/admin/billing/settings')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ ...settings, stripeTax: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toMatch(/stripeTax must be true or false/);
    for (const wrong of [
      { ...settings, creditNoteSeries: 'F' },
      { ...settings, vatOverrides: { US: 5 } },
      { ...settings, eurRates: { '2026-13': 1 } },
      { ...settings, country: 'XX' },
    ]) {
      const res = await api()
        .put('/api/admin/billing/settings')
        .set('Authorization', `Bearer ${adminToken}`)
        .send(wrong);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('billing.invalid_settings');
    }
    const student = await buyer();
    await get('/admin/billing/settings', student.token).expect(403);
  });

  it('the seller on the invoice and the tax in EUR come from them', async () => {
    await api()
      .put('/api/admin/billing/settings')
      .set('Authorization', `Bearer ${adminToken}`)
      .send(settings)
      .expect(200);
    const course = await createCourse(t.db, { priceCents: 11900 });
    const { token } = await buyer();
    const { payment } = await buy(token, course.id, { name: 'Erika', country: 'DE' });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(row.content.seller).toEqual({
      legalName: 'Lucía Martín García',
      taxId: 'ES12345678Z',
      address: 'Calle del Circo 12\n28012 Madrid',
      country: 'ES',
    });
    expect(row).toMatchObject({ taxCents: 1900, taxEurCents: 950, eurRate: '0.5' });
  });
});

describe('reports', () => {
  const today = new Date().toISOString().slice(0, 10);

  it('sums the period by country and rate in EUR, as JSON and CSV', async () => {
    const report = await get(`/admin/tax/report?from=${today}&to=${today}`, adminToken).expect(200);
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as count from invoices where country = 'DE' and rate_bp = 1900`,
    )) as unknown as { rows: Array<{ count: number }> };
    const { count } = rows[0];
    const de = (report.body.rows as Array<Record<string, unknown>>).find(
      (r) => r.country === 'DE' && r.rate === 19,
    );
    expect(de).toMatchObject({ reverseCharge: false });
    expect((de!.invoices as number) + (de!.creditNotes as number)).toBe(count);
    expect(report.body.currency).toBe('EUR');

    const csv = await get(
      `/admin/tax/report?from=${today}&to=${today}&format=csv&lang=en`,
      adminToken,
    ).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('country,vat_rate,reverse_charge,invoices,credit_notes');
    expect(csv.text).toMatch(/\r\nDE,19,no,/);
  });

  it('exports every invoice of a period as CSV and as a ZIP of PDFs', async () => {
    const csv = await get(`/admin/invoices?from=${today}&to=${today}&lang=es`, adminToken).expect(
      200,
    );
    expect(csv.text).toContain('número;tipo;fecha;rectifica');
    expect(csv.text).toMatch(new RegExp(`F${YEAR}-\\d{6};factura;`));
    expect(csv.text).toMatch(new RegExp(`R${YEAR}-\\d{6};rectificativa;`));

    const zip = await get(`/admin/invoices?from=${today}&to=${today}&format=zip`, adminToken)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect((zip.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a reversed or too long period', async () => {
    const reversed = await get('/admin/tax/report?from=2026-05-02&to=2026-05-01', adminToken);
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe('invoices.bad_period');
    const long = await get('/admin/invoices?from=2020-01-01&to=2026-01-01', adminToken);
    expect(long.status).toBe(400);
    const notDay = await get('/admin/tax/report?from=yesterday&to=2026-05-01', adminToken);
    expect(notDay.status).toBe(400);
  });
});
