// Catalogue journeys (mf-catalog): browsing, detail pages with slug canonicalisation, the cart seen
// by the shell, a course hidden in a language, the voucher countdown, search, /formaciones and
// /nosotros. Demo items are found through the API, so the journeys follow the seed.
import type { APIRequestContext, Page } from '@playwright/test';
import type {
  CourseSummary,
  DiscountDto,
  FormationSummary,
  PresentialFormation,
} from '../../shared-contracts/src/api/catalog';
import { slugOrDefault } from '../../shared-contracts/src/domain/slug';
import { baseURL } from '../support/env';
import { addedConfirmation } from '../pages/CheckoutPages';
import { expect, test, remoteArea, untilLive, useLanguage, type Lang } from '../support/fixtures';

const COURSES_TITLE: Record<Lang, string> = { es: 'Cursos', en: 'Courses', fr: 'Cours' };
const ADDED: Record<Lang, string> = {
  es: '¡Agregado al carrito!',
  en: 'Added to cart!',
  fr: 'Ajouté au panier !',
};
const ENGLISH_IN: Record<Lang, string> = { es: 'inglés', en: 'English', fr: 'anglais' };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${baseURL}/api${path}`);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

const visibleCourses = (request: APIRequestContext, lang: Lang) =>
  getJson<CourseSummary[]>(request, `/courses/visible?lang=${lang}`);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogue area: every check stays inside the remote. */
const catalog = (page: Page) => remoteArea(page, 'mf_catalog');

for (const lang of ['es', 'en', 'fr'] as const) {
  test(`a visitor goes from home to a course and adds it to the cart (${lang})`, async ({
    page,
    request,
  }) => {
    const courses = await visibleCourses(request, lang);
    expect(courses.length).toBeGreaterThan(0);
    const course = courses[0];
    const title = course.title[lang];
    const slug = slugOrDefault(title);

    await useLanguage(page, lang);
    await page.goto('/');
    await expect(catalog(page)).toHaveAttribute('data-page', 'home');
    await expect(catalog(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('testimonials')).toBeVisible();

    // home -> course list
    await page.getByTestId('category-courses').click();
    await expect(page).toHaveURL(/\/cursos$/);
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText(COURSES_TITLE[lang]);
    await expect(page.getByTestId('course-card')).toHaveCount(courses.length);

    // list -> detail
    await page.getByTestId('course-card').filter({ hasText: title }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/courses/${course._id}/${escapeRe(slug)}$`));
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRe(title)} \\|`));

    // a wrong slug is replaced by the title's slug, without a new history entry
    const entries = await page.evaluate(() => history.length);
    await page.goto(`/courses/${course._id}/wrong-slug`);
    await expect(page).toHaveURL(new RegExp(`/courses/${course._id}/${escapeRe(slug)}$`));
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);

    // a zustand change made inside the remote is seen by the shell's header
    const cartLink = page.getByTestId('cart-link');
    await expect(cartLink).not.toContainText(/\d/);
    const added = addedConfirmation(page);
    await page.getByTestId('add-to-cart').click();
    expect(await added).toContain(ADDED[lang]);
    const confirmation = page.getByTestId('added-confirmation');
    await expect(cartLink).toContainText('1');
    // the confirmation lasts 2 seconds
    await expect(confirmation).toBeHidden({ timeout: 4_000 });
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
    expect(cart.state.items).toEqual([
      expect.objectContaining({ _id: course._id, type: 'course', price: course.price }),
    ]);
  });
}

test('a course hidden in English shows the unavailable message naming the language', async ({
  page,
  request,
}) => {
  const hidden = (await visibleCourses(request, 'es')).find((c) => c.visible.en === false);
  expect(hidden, 'the seed has a course hidden in English').toBeTruthy();
  const english = await visibleCourses(request, 'en');
  expect(english.map((c) => c._id)).not.toContain(hidden!._id);

  await useLanguage(page, 'en');
  await page.goto(`/courses/${hidden!._id}/${slugOrDefault(hidden!.title.es)}`);
  const panel = page.getByTestId('unavailable');
  await expect(panel).toContainText('Course not available');
  await expect(panel).toContainText(ENGLISH_IN.en);
  await expect(page.getByTestId('add-to-cart')).toHaveCount(0);

  // switching to a language where it is visible shows it, under that language's slug
  await panel.getByTestId('switch-lang-es').click();
  await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText(hidden!.title.es);
  await expect(page).toHaveURL(
    new RegExp(`/courses/${hidden!._id}/${slugOrDefault(hidden!.title.es)}$`),
  );
});

test('a formation hidden in English answers 403 and names the language', async ({
  page,
  request,
}) => {
  const formations = await getJson<FormationSummary[]>(request, '/formations?lang=es');
  // hidden in English but shown in French (other journeys may add Spanish-only formations)
  const hidden = formations.find((f) => f.visible.en === false && f.visible.fr === true);
  // the demo seed has one ("Formación intensiva en acrobacia y equilibrios")
  expect(hidden, 'a formation hidden in English in the demo seed').toBeDefined();

  await useLanguage(page, 'fr');
  await page.goto(`/formaciones/${hidden!._id}/${slugOrDefault(hidden!.title.es)}`);
  // visible in French: shown, under the French slug
  await expect(page).toHaveURL(
    new RegExp(`/formaciones/${hidden!._id}/${escapeRe(slugOrDefault(hidden!.title.fr))}$`),
  );
  await page.getByTestId('language-select').selectOption('en');
  const panel = page.getByTestId('unavailable');
  await expect(panel).toContainText('Training not available');
  await expect(panel).toContainText('This training is not yet available in English.');
  await expect(panel.getByTestId('switch-lang-es')).toBeVisible();
  await expect(panel.getByTestId('switch-lang-fr')).toBeVisible();
});

test('an unknown course and an unknown formation show their not-found messages', async ({
  page,
}) => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  await useLanguage(page, 'en');
  await page.goto(`/courses/${unknown}/nothing`);
  await expect(page.getByTestId('not-found')).toContainText('Course not found');
  await page.goto(`/formaciones/${unknown}/nothing`);
  await expect(page.getByTestId('not-found')).toContainText('Error: Training not found.');
});

test('the voucher countdown ticks on a discounted item', async ({ page, request }) => {
  const discounts = await getJson<DiscountDto[]>(request, '/discounts/activos');
  const voucher = discounts.find((d) => d.percentage === 20) ?? discounts[0];
  expect(voucher, 'the seed has an active voucher').toBeTruthy();
  const courses = await visibleCourses(request, 'es');
  const formations = await getJson<FormationSummary[]>(request, '/formations?lang=es');
  const targets = new Set(voucher.targetItems.map((t) => t._id));
  const course = courses.find((c) => targets.has(c._id));
  const formation = formations.find((f) => targets.has(f._id));
  const item = course ?? formation;
  expect(item, 'the voucher targets a demo item').toBeTruthy();

  // no slug at all: the address gets one
  await page.goto(course ? `/courses/${item!._id}` : `/formaciones/${item!._id}`);
  await expect(page).toHaveURL(new RegExp(`/${escapeRe(slugOrDefault(item!.title.es))}$`));
  const banner = page.getByTestId('discount-countdown');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(voucher.name);
  await expect(page.getByTestId('original-price')).toBeVisible();
  if (voucher.percentage > 0) {
    await expect(page.locator('#price-card')).toContainText(`${voucher.percentage}% OFF`);
  }
  const seconds = banner.locator('[data-unit="seconds"]');
  const first = await seconds.textContent();
  await expect.poll(() => seconds.textContent(), { timeout: 5_000 }).not.toBe(first);

  // the cart line carries the voucher
  const added = addedConfirmation(page);
  await page.getByTestId('add-to-cart').click();
  await added;
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(cart.state.items[0].discount).toEqual(
    expect.objectContaining({ name: voucher.name, percentage: voucher.percentage }),
  );
});

/** The term typed in the header: upper case, with an accent the title does not have. */
function twistedTerm(title: string): string {
  const word = title.split(/\s+/).find((w) => /^[A-Za-zÀ-ÿ]{5,}$/.test(w)) ?? title;
  const plain = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (plain !== word) return plain.toUpperCase(); // the title has the accent: drop it
  // add one to the last a/e/i/o/u ("Acrobacia" -> "ACROBÁCIA")
  return word
    .toUpperCase()
    .replace(/([AEIOU])([^AEIOU]*[AEIOU]?)$/, (_, v: string, rest: string) => {
      const accented: Record<string, string> = { A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú' };
      return accented[v] + rest;
    });
}

test('search from the header finds a course whatever the accents and case', async ({
  page,
  request,
}) => {
  const courses = await visibleCourses(request, 'es');
  const course = courses.find((c) => /acrobacia/i.test(c.title.es)) ?? courses[0];
  const term = /acrobacia/i.test(course.title.es) ? 'ACROBÁCIA' : twistedTerm(course.title.es);

  await page.goto('/');
  const box = page.getByRole('searchbox');
  await box.fill(term);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=/);
  await expect(catalog(page).getByRole('heading', { level: 1 })).toContainText(term);
  const card = page.getByTestId('course-card').filter({ hasText: course.title.es });
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(
    new RegExp(`/courses/${course._id}/${escapeRe(slugOrDefault(course.title.es))}$`),
  );

  // nothing matches: an empty state; a blank query: a prompt, and no call
  await page.goto('/buscar?q=zzqxw-nada');
  await expect(page.getByTestId('search-empty')).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/search') && calls.push(r.url()));
  await page.goto('/buscar?q=%20');
  await expect(page.getByTestId('search-prompt')).toBeVisible();
  expect(calls).toEqual([]);
});

test('/formaciones shows the anchors, the online list and the in-person list', async ({
  page,
  request,
}) => {
  const online = await getJson<FormationSummary[]>(request, '/formations?lang=es');
  const presential = await getJson<PresentialFormation[]>(
    request,
    '/presential-formations/presencial?lang=es',
  );
  expect(presential.length).toBeGreaterThanOrEqual(2);

  await page.goto('/formaciones');
  for (const id of ['online', 'presencial', 'escuelas']) {
    await expect(page.getByTestId(`anchor-${id}`)).toHaveAttribute('href', `/formaciones#${id}`);
    await expect(page.locator(`#${id}`)).toBeVisible();
  }
  await expect(page.locator('#online').getByTestId('formation-card')).toHaveCount(online.length);
  const events = page.locator('#presencial').getByTestId('presential-card');
  await expect(events).toHaveCount(presential.length);
  await expect(events.first()).toContainText(presential[0].title.es);
  await expect(events.first().getByRole('link')).toHaveAttribute('target', '_blank');

  await page.getByTestId('anchor-escuelas').click();
  await expect(page).toHaveURL(/\/formaciones#escuelas$/);
  await expect(page.locator('#escuelas')).toBeInViewport();

  // a formation card opens its detail with the modules
  const formation = online[0];
  await page.locator('#online').getByTestId('formation-card').first().getByRole('link').click();
  await expect(page).toHaveURL(
    new RegExp(`/formaciones/${formation._id}/${escapeRe(slugOrDefault(formation.title.es))}$`),
  );
  await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText(formation.title.es);
  await expect(page.getByTestId('add-to-cart')).toBeVisible();
});

test('the home category for schools lands on the schools section', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('category-schools').click();
  await expect(page).toHaveURL(/\/formaciones#escuelas$/);
  await expect(page.locator('#escuelas')).toBeInViewport();
});

test('/nosotros shows the biography and a CV download', async ({ page, request }) => {
  await page.goto('/nosotros');
  const cv = page.getByTestId('cv-link');
  await expect(cv).toBeVisible();
  await expect(cv).toHaveAttribute('download', /.*/);
  const href = await cv.getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(new URL(href!, baseURL).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('pdf');
});

test("a course's video loads its player only when the visitor plays it, and it starts at once", async ({
  page,
  request,
}) => {
  const course = (await visibleCourses(request, 'es')).find((c) => c.video.es)!;
  const videos: string[] = [];
  page.on('request', (r) => {
    if (/vimeo|youtube/.test(new URL(r.url()).hostname)) videos.push(r.url());
  });
  await page.goto(`/courses/${course._id}/${course.slug}`);
  // the play button is a control of the hydrated page (not a form or a link)
  await untilLive(page);
  const play = catalog(page).getByRole('button', { name: /^Reproducir: Video de presentación/ });
  await expect(play).toBeVisible();
  await expect(catalog(page).locator('iframe')).toHaveCount(0);
  expect(videos).toEqual([]);
  // the course's image fills the player's box behind the button, as a video's first frame would
  const image = course.image.es;
  expect(image).toBeTruthy();
  const poster = play.locator('img');
  await expect(poster).toHaveAttribute('src', image!);
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const box = await catalog(page).locator('.cat-video').boundingBox();
  expect(await poster.boundingBox()).toEqual(box);

  await play.click();
  const player = catalog(page).locator('iframe');
  await expect(player).toHaveAttribute('src', /[?&]autoplay=1/);
  await expect(player).toHaveAttribute('title', /^Video de presentación: /);
  await expect(player).toBeFocused();
});
