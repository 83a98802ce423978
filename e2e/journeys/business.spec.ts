import { statsPeriod, type SalesStats } from '@circo/shared-contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MyCoursesPage } from '../pages/learning';
import { baseURL, outboxDir } from '../support/env';
import { apiLogin, DEMO, expect, loginAs, test, untilLive, useLanguage } from '../support/fixtures';

// The coach's business: the sales dashboard and access given by hand.

/** The renew link of the access reminder the first start sent the demo student (aerial silks). */
async function demoRenewLink(): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = (existsSync(outboxDir) ? readdirSync(outboxDir) : []).flatMap((f) => {
        try {
          return [
            JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as { to: string; text: string },
          ];
        } catch {
          return []; // being written
        }
      });
      link = mails
        .filter((m) => m.to === DEMO.student.email)
        .map((m) => m.text.match(/https?:\/\/\S+\/pago-embed\?renovar=\S+/)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return new URL(link!);
}

const SILKS = {
  es: 'Acrobacia aérea en telas: iniciación',
  en: 'Aerial silks acrobatics: beginners',
};

const unique = () => Math.random().toString(36).slice(2, 8);
const digits = (s: string) => s.replace(/\D/g, '');

const TEXTS = {
  es: {
    period: 'Período',
    lastMonth: 'Mes pasado',
    revenue: 'Ingresos',
    students: 'Alumnos',
    search: 'Buscar alumnos',
    searchButton: 'Buscar',
    give: 'Dar acceso',
    reason: 'Motivo',
    scholarship: 'Beca',
    months: 'Meses',
    item: 'Curso o formación',
    formation: 'Formación de instructores de circo social',
    given: 'Dado a mano',
    sales: 'Ventas',
    oneStudent: '1 alumno',
  },
  en: {
    period: 'Period',
    lastMonth: 'Last month',
    revenue: 'Revenue',
    students: 'Students',
    search: 'Search students',
    searchButton: 'Search',
    give: 'Give access',
    reason: 'Reason',
    scholarship: 'Scholarship',
    months: 'Months',
    item: 'Course or training',
    formation: 'Social circus instructor training',
    given: 'Given by hand',
    sales: 'Sales',
    oneStudent: '1 student',
  },
} as const;

// each journey in one of the two languages, in turn: both languages' texts are met
{
  const lang = 'es';
  const tx = TEXTS[lang];

  test(`(${lang}) the admin reads last month's revenue on the dashboard, as the payments say`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, lang);
    const token = await loginAs(page, request, 'admin');
    await page.goto('/admin');
    await untilLive(page);
    const sales = page.getByRole('region', { name: tx.sales });
    await sales.getByLabel(tx.period, { exact: true }).selectOption({ label: tx.lastMonth });

    // the browser's calendar and time zone are the ones the dashboard asked with
    const { today, tz } = await page.evaluate(() => ({
      today: new Date().toLocaleDateString('sv'),
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }));
    const period = statsPeriod('lastMonth', today);
    const res = await request.get(`${baseURL}/api/admin/stats/sales`, {
      params: { from: period.from, to: period.to, groupBy: period.groupBy, tz },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    const stats = (await res.json()) as SalesStats;
    const net = sales.locator('dd[data-stat="net"]');
    await expect(net).toBeVisible();
    await expect
      .poll(async () => digits((await net.textContent()) ?? ''))
      .toBe(digits(stats.totals.net.toFixed(2)));
    await expect(sales.getByRole('term').filter({ hasText: tx.revenue })).toBeVisible();
    // one bar per day of last month
    await expect(sales.locator('.adm-chart__bar')).toHaveCount(stats.series.length);
  });
}

{
  const lang = 'en';
  const tx = TEXTS[lang];

  test(`(${lang}) a browser time zone the API refuses: the dashboard counts in UTC, with a note`, async ({
    page,
    request,
  }) => {
    // Chrome reports Etc/Unknown when it cannot tell the system's zone; PostgreSQL has no such zone
    await page.addInitScript(() => {
      const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
      Intl.DateTimeFormat.prototype.resolvedOptions = function (this: Intl.DateTimeFormat) {
        return { ...resolved.call(this), timeZone: 'Etc/Unknown' };
      };
    });
    await useLanguage(page, lang);
    await loginAs(page, request, 'admin');
    await page.goto('/admin');
    await untilLive(page);
    const sales = page.getByRole('region', { name: tx.sales });
    await expect(sales.getByTestId('sales-utc')).toContainText('Etc/Unknown');
    await expect(sales.getByTestId('sales-utc')).toContainText('UTC');
    await expect(sales.locator('dd[data-stat="net"]')).toBeVisible();
    await expect(sales.getByRole('alert')).toHaveCount(0);
  });
}

{
  const lang = 'es';
  const tx = TEXTS[lang];

  test(`(${lang}) the admin finds a student, gives a formation for 3 months, and the student sees it`, async ({
    page,
    request,
    browser,
  }) => {
    const surname = `Becada ${unique()}`;
    const email = `beca-${unique()}@example.com`;
    const password = 'Alumna1234';
    const created = await request.post(`${baseURL}/api/users`, {
      data: { name: 'Alumna', surname, email, password },
    });
    expect(created.status()).toBe(201);

    await useLanguage(page, lang);
    await loginAs(page, request, 'admin');
    await page.goto('/admin');
    // the students' card (its name starts with the word; the practice card's text names them too)
    await page
      .getByRole('link', { name: new RegExp(`^${tx.students}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/alumnos$/);
    const search = page.getByRole('search').filter({ has: page.getByLabel(tx.search) });
    await search.getByLabel(tx.search).fill(email);
    await search.getByRole('button', { name: tx.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByText(tx.oneStudent)).toBeVisible();
    await page.getByRole('link', { name: `Alumna ${surname}` }).click();
    await expect(page).toHaveURL(/\/admin\/alumnos\/[0-9a-f-]{36}$/);
    await untilLive(page);

    await page.getByRole('button', { name: tx.give }).click();
    const dialog = page.getByRole('dialog');
    // the admin lists name items by their Spanish title
    await dialog.getByLabel(tx.item).selectOption({ label: TEXTS.es.formation });
    await dialog.getByLabel(tx.months, { exact: true }).fill('3');
    await dialog.getByLabel(tx.reason).selectOption({ label: tx.scholarship });
    await dialog.getByRole('button', { name: tx.give }).click();
    await expect(dialog).toBeHidden();
    const item = page.locator('.adm-student-item').filter({ hasText: TEXTS.es.formation });
    await expect(item).toContainText(tx.given);
    await expect(item).toContainText(tx.scholarship);

    // the student: an active formation, no time-left badge (more than 30 days left)
    const student = await (await browser.newContext()).newPage();
    await useLanguage(student, lang);
    const studentToken = await apiLogin(request, email, password);
    await student.addInitScript((t) => localStorage.setItem('token', t), studentToken);
    const my = new MyCoursesPage(student);
    await my.open();
    const card = my.section('activeFormations').locator(my.card(tx.formation));
    await expect(card).toBeVisible();
    await expect(card.getByTestId('time-left')).toHaveCount(0);
    await expect(card.getByTestId('card-overlay')).toHaveCount(0);
    await student.context().close();
  });
}

{
  const lang = 'en';
  test(`(${lang}) a reminder's renew link leads the signed-in student to /pago-embed with the item`, async ({
    page,
    request,
  }) => {
    const link = await demoRenewLink();
    expect(link.searchParams.get('renovar')).toMatch(/^course:[0-9a-f-]{36}$/);
    await useLanguage(page, lang);
    await loginAs(page, request, 'student');
    await page.goto(`${link.pathname}${link.search}`);
    // the item is in the cart, and the address no longer adds it
    await expect(page).toHaveURL(/\/pago-embed$/);
    await expect(page.getByTestId('checkout-page')).toContainText(SILKS[lang]);
    const cart = await page.evaluate(() => localStorage.getItem('cart'));
    expect(cart).toContain(SILKS.es);
    await page.reload();
    const lines = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('cart') ?? '{}') as { state: { items: unknown[] } }).state
          .items.length,
    );
    expect(lines).toBe(1);
  });
}

test("a reminder's renew link asks a signed-out student to log in, then shows the item in the cart", async ({
  page,
}) => {
  const link = await demoRenewLink();
  await useLanguage(page, 'en');
  await page.goto(`${link.pathname}${link.search}`);
  await untilLive(page);
  await page.getByTestId('login-required').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await untilLive(page);
  await page.getByLabel('E-mail').fill(DEMO.student.email);
  await page.getByLabel('Password').fill(DEMO.student.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await expect(page).toHaveURL(/\/pago-embed$/);
  await expect(page.getByTestId('checkout-page')).toContainText(SILKS.en);
});
