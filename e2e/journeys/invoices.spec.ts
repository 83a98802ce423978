// Invoices: a buyer chooses her billing country in the cart, sees the VAT of that country, pays,
// and downloads the invoice from My Courses, in es, en and fr. The PDF's text is read with
// pdftotext and its first page kept as a PNG (pdftoppm) beside the results, for a person to look at.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, loginAs, test, untilLive, useLanguage, type Lang } from '../support/fixtures';
import { baseURL } from '../support/env';
import {
  CARDS,
  CheckoutPage,
  addToCartFromCatalogue,
  demoItems,
  loginWithToken,
  newBuyer,
} from '../pages/CheckoutPages';

const CASES: Record<
  Lang,
  { country: string; name: string; tax: string; title: string; inPdf: string; download: string }
> = {
  es: {
    country: 'DE',
    name: 'Erika Mustermann',
    tax: 'Incluye IVA 19 % (Alemania)',
    title: 'Factura',
    inPdf: 'Alemania (DE)',
    download: 'Descargar PDF',
  },
  en: {
    country: 'US',
    name: 'Jane Doe',
    tax: 'No VAT: outside the European Union (United States)',
    title: 'Invoice',
    inPdf: 'United States (US)',
    download: 'Download PDF',
  },
  fr: {
    country: 'FR',
    name: 'Jeanne Martin',
    tax: 'Dont TVA 20 % (France)',
    title: 'Facture',
    inPdf: 'France (FR)',
    download: 'Télécharger le PDF',
  },
};

for (const lang of ['es', 'en', 'fr'] as const) {
  const c = CASES[lang];

  test(`a buyer chooses her billing country, pays and downloads the invoice (${lang})`, async ({
    page,
    request,
    a11y,
  }, testInfo) => {
    const { plainCourses } = await demoItems(request, lang);
    const course = plainCourses[0];
    const buyer = await newBuyer(request);
    await useLanguage(page, lang);
    await loginWithToken(page, buyer.token);
    await addToCartFromCatalogue(page, course, 'course');

    const checkout = new CheckoutPage(page);
    await checkout.open();
    // before she says where she is: the seller's country (Spain), 21% inside the price
    await expect(page.getByTestId('tax-line')).toContainText('21');
    await page.locator('input[name="billingName"]').fill(c.name);
    await page.locator('select[name="billingCountry"]').selectOption(c.country);
    await page.locator('form.co-billing').getByRole('button').click();
    await expect(page.getByTestId('tax-line')).toContainText(c.tax);
    await a11y.check(page);

    await checkout.terms.check();
    await checkout.payWith(CARDS.success);
    await expect(page).toHaveURL(/\/pago-exitoso\?payment_intent=[^&]+$/);

    // My Courses lists the invoice; its PDF is in her language with both parties and the VAT
    await page.goto('/mis-cursos');
    const row = page.getByTestId('invoice');
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    const number = (await row.locator('th').innerText()).trim().split(/\s/)[0];
    expect(number).toMatch(/^F\d{4}-\d{6}$/);
    await a11y.check(page);
    const downloaded = page.waitForEvent('download');
    await row.getByRole('button', { name: new RegExp(c.download.split(' ')[0]) }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const file = testInfo.outputPath(`invoice-${lang}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(c.title);
    expect(text).toContain(number);
    expect(text).toContain(c.name);
    expect(text).toContain(c.inPdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      file,
      testInfo.outputPath(`invoice-${lang}`),
    ]);
  });
}

test("the coach's VAT report counts a sale to Germany and exports the period's invoices", async ({
  page,
  request,
  a11y,
}, testInfo) => {
  // a German consumer buys through the API, as the cart does
  const { plainCourses } = await demoItems(request, 'es');
  const buyer = await newBuyer(request);
  const auth = { Authorization: `Bearer ${buyer.token}` };
  const started = await request.post(`${baseURL}/api/stripe/crear-payment-intent`, {
    headers: auth,
    data: {
      items: [{ id: plainCourses[1]._id, type: 'course' }],
      billing: { name: 'Erika Mustermann', country: 'DE' },
    },
  });
  expect(started.status()).toBe(201);
  const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
  const paid = await request.post(`${baseURL}/api/stripe/local/confirm`, {
    headers: auth,
    data: { paymentIntentId, cardNumber: CARDS.success, expiry: '12/40', cvc: '123' },
  });
  expect(paid.status()).toBe(200);

  await useLanguage(page, 'es');
  await loginAs(page, request, 'admin');
  await page.goto('/admin/facturacion');
  await untilLive(page);
  const germany = page.getByTestId('tax-row').filter({ hasText: 'DE' }).filter({ hasText: '19 %' });
  await expect(germany).toHaveCount(1);
  await expect(page.getByTestId('billing-settings')).toBeVisible();
  await a11y.check(page);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Facturas en CSV' }).click();
  const download = await downloaded;
  const file = testInfo.outputPath('facturas.csv');
  await download.saveAs(file);
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain('número;tipo;fecha');
  expect(csv).toMatch(/F\d{4}-\d{6};factura;.*;Erika Mustermann;/);
});
