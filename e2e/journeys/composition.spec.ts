import { ROUTES } from '../../shared-contracts/src/routes';
import {
  expect,
  test,
  loginAs,
  pauseSales,
  recordRequests,
  remoteArea,
  useLanguage,
  untilLive,
  type Lang,
} from '../support/fixtures';

const FAKE_ID = '00000000-0000-4000-8000-000000000000';
const NAV_COURSES: Record<Lang, string> = { es: 'Cursos', en: 'Courses', fr: 'Cours' };

function concretePath(pattern: string): string {
  return pattern.replace(':id', FAKE_ID).replace('/:slug?', '/detalle').replace(':token', 'abc123');
}

// Every route once, each in one of the three languages in turn (a third of the routes each, every
// remote's routes met in every language): the language comes from the same shell and i18n for
// every route, and all three for each walked the same path three times over.
const LANGS = ['es', 'en', 'fr'] as const;
for (const [turn, lang] of LANGS.entries()) {
  const routes = ROUTES.filter((_, i) => i % LANGS.length === turn);
  test(`every route of the route table renders from its owner, a third of them in ${lang}`, async ({
    page,
    request,
  }) => {
    // one page load per route: the default 45 s is a budget for one journey, not a dozen (each
    // took about 4 s on a loaded 2-core machine: twice that as the budget)
    test.setTimeout(routes.length * 8_000 + 30_000);
    await useLanguage(page, lang);
    await loginAs(page, request, 'admin'); // the admin may open every route
    for (const route of routes) {
      const path = concretePath(route.path);
      await page.goto(path);
      if (route.owner === 'shell') {
        await expect(page.locator(`[data-shell-page="${route.id}"]`), path).toBeVisible();
      } else {
        await expect(remoteArea(page, route.owner), path).toHaveAttribute('data-page', route.id);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('navigation', { name: /./ }).first()).toContainText(
        NAV_COURSES[lang],
      );
      const robots = page.locator('meta[name="robots"]');
      if ('noindex' in route && route.noindex)
        await expect(robots, path).toHaveAttribute('content', 'noindex');
      else await expect(robots, path).toHaveCount(0);
    }
  });
}

test('switching the language re-renders shell and remote and survives a reload', async ({
  page,
}) => {
  await page.goto('/cursos');
  const catalog = remoteArea(page, 'mf_catalog');
  await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Cursos');
  await expect(page).toHaveTitle(/^Cursos \|/);
  // the selector is a control of the hydrated page (not a form or a link): its code is there
  await untilLive(page);

  await page.getByTestId('language-select').selectOption('en');
  await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Courses');
  await expect(page.getByRole('link', { name: 'About' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/^Courses \|/);

  await page.reload();
  await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Courses');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

  await page.getByTestId('language-select').selectOption('fr');
  await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Cours');
  await expect(page.getByRole('link', { name: 'À propos' }).first()).toBeVisible();
});

test('the home page fetches no admin code, and a visitor sent away from /admin fetches none either', async ({
  page,
}) => {
  const urls = recordRequests(page);
  await page.goto('/');
  await expect(remoteArea(page, 'mf_catalog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.some((u) => u.includes('/remotes/mf-catalog/'))).toBe(true);
  expect(urls.filter((u) => u.includes('/remotes/mf-admin/'))).toEqual([]);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => u.includes('/remotes/mf-admin/'))).toEqual([]);
});

test('an unknown path shows the not-found page inside the layout', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Hablemos');
});

test('the search box goes to /buscar with the query and ignores blank input', async ({ page }) => {
  await page.goto('/cursos');
  // ignoring blank input is the hydrated form's (before, the browser sends what it has)
  await untilLive(page);
  const box = page.getByRole('searchbox');
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/cursos$/);
  await box.fill('telas aéreas');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=telas%20a%C3%A9reas$/);
  await expect(remoteArea(page, 'mf_catalog')).toHaveAttribute('data-page', 'search');
});

test('the view scrolls to the top on a path change', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registrarme' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY)),
    )
    .toBeGreaterThan(0);
  await page.locator('footer').getByRole('link', { name: 'Nosotros' }).click();
  await expect(page).toHaveURL(/\/nosotros$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // the journeys' visitor asked for less motion (the config): the page does not glide either
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
    'auto',
  );
});

test('the cart icon leads to /carrito, or to /mantenimiento while sales are paused', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('cart-link')).toHaveAttribute('href', '/carrito');

  // the server's SALES_PAUSED switch reaches the shell with the page (its bootstrap data, the
  // same answer as /api/config)
  await pauseSales(page);
  await page.reload();
  await expect(page.getByTestId('cart-link')).toHaveAttribute('href', '/mantenimiento');
  await page.getByTestId('cart-link').click();
  await expect(page.getByTestId('maintenance')).toContainText(
    'En este momento no es posible comprar cursos ni formaciones.',
  );
  await expect(page.getByTestId('maintenance')).toContainText('¡Gracias por tu paciencia!');
});
