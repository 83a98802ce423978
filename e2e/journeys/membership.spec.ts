import type { APIRequestContext } from '@playwright/test';
import { baseURL } from '../support/env';
import { apiLogin, DEMO, expect, test, useLanguage, type Lang } from '../support/fixtures';
import { CARDS, loginWithToken, newBuyer } from '../pages/CheckoutPages';
import { MyCoursesPage } from '../pages/learning';

// A student subscribes to a membership on a phone, saying who is billed (the VAT of her country
// shown, then on the invoice), opens a course it includes, cancels, and keeps the course until the
// period ends; the coach sees the subscriber and the MRR.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const TEXT = {
  es: {
    subscribe: 'Suscribirme',
    active: '¡Tu membresía está activa!',
    cancel: 'Cancelar la membresía',
    resume: 'Reanudar la membresía',
    withPlan: /^Con .+, se renueva el /,
    canceled: /^Cancelada: tienes acceso hasta el /,
    mrr: 'Ingreso mensual recurrente',
    billing: { name: 'Erika Mustermann', country: 'DE', tax: 'Incluye IVA 19 % (Alemania)' },
    invoiceTax: /19\s?%/,
  },
  en: {
    subscribe: 'Subscribe',
    active: 'Your membership is active!',
    cancel: 'Cancel the membership',
    resume: 'Resume the membership',
    withPlan: /^With .+, renews /,
    canceled: /^Cancelled: you have access until /,
    mrr: 'Monthly recurring revenue',
    billing: {
      name: 'Jane Doe',
      country: 'US',
      tax: 'No VAT: outside the European Union (United States)',
    },
    invoiceTax: '0%: $0.00',
  },
} as const;

/** A plan of one course, made by the coach for this journey. */
async function planOfOneCourse(request: APIRequestContext, lang: Lang) {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const courses = (await (
    await request.get(`${baseURL}/api/courses/visible?lang=${lang}`)
  ).json()) as Array<{ _id: string; title: Record<Lang, string> }>;
  const course = courses[0]!;
  const name = `Circo ${lang} ${Date.now().toString(36)}`;
  const res = await request.post(`${baseURL}/api/admin/plans`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name: { es: name, en: name, fr: name },
      description: { es: 'Un curso al mes', en: 'One course a month', fr: 'Un cours par mois' },
      price: 19,
      interval: 'month',
      includes: [{ itemType: 'course', itemId: course._id }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { admin, name, course: { id: course._id, title: course.title[lang] } };
}

for (const lang of ['es', 'en'] as const) {
  test(`${lang}: subscribe on a phone, open the included course, cancel and keep it until the period ends; the coach sees it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = TEXT[lang];
    const { admin, name, course } = await planOfOneCourse(request, lang);
    const buyer = await newBuyer(request);
    await useLanguage(page, lang);
    await loginWithToken(page, buyer.token);

    // the membership page lists the plan with what it opens; subscribe
    await page.goto('/membresia');
    const card = page.getByTestId('plan-card').filter({ hasText: name });
    await expect(card.getByRole('link', { name: course.title })).toBeVisible();
    await card.getByRole('link', { name: t.subscribe }).click();
    await expect(page.getByTestId('membership-summary')).toContainText(name);
    // who is billed, as in the cart: the VAT inside the price for the country she gives
    await expect(page.getByTestId('tax-line')).toBeVisible();
    await page.locator('input[name="billingName"]').fill(t.billing.name);
    await page.locator('select[name="billingCountry"]').selectOption(t.billing.country);
    await page.locator('form.co-billing').getByRole('button').click();
    await expect(page.getByTestId('tax-line')).toContainText(t.billing.tax);
    await page.locator('#accept-terms').check();
    const form = page.getByTestId('local-card-form');
    await form.locator('#cardNumber').fill(CARDS.success);
    await form.locator('#expiry').fill('12/34');
    await form.locator('#cvc').fill('123');
    await page.getByTestId('pay-button').click();
    await expect(page.getByRole('heading', { name: t.active })).toBeVisible();

    // My Courses: the course, with the plan; the membership with its cancel button
    const my = new MyCoursesPage(page);
    await my.open();
    await expect(my.card(course.title).getByTestId('with-membership')).toHaveText(t.withPlan);
    const membership = page.getByTestId('membership').filter({ hasText: name });
    await expect(membership).toBeVisible();
    // the first period's invoice, with that country's VAT
    const invoice = page.getByTestId('invoice');
    await expect(invoice).toHaveCount(1, { timeout: 15_000 });
    await expect(invoice).toContainText('19.00');
    await expect(invoice).toContainText(t.invoiceTax);

    // the included course opens
    await my.openItem(course.title);
    await expect(page).toHaveURL(/\/mis-cursos\/curso\//);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();

    // cancel in one tap: still open until the period ends, and it can be resumed
    await my.open();
    await membership.getByRole('button', { name: t.cancel }).click();
    await expect(membership.getByTestId('membership-state')).toHaveText(t.canceled);
    await expect(membership.getByRole('button', { name: t.resume })).toBeVisible();
    await my.openItem(course.title);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();

    // the coach: the subscriber under the plans, the MRR in the sales dashboard
    await page.evaluate((token) => localStorage.setItem('token', token), admin);
    await page.goto('/admin/planes');
    await expect(
      page.getByTestId('subscriber-row').filter({ hasText: name }).filter({ hasText: 'Ana' }),
    ).not.toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByText(t.mrr)).toBeVisible();
    await expect(page.locator('[data-stat="mrr"]')).toHaveText(/\d+[.,]\d{2}/);
  });
}
