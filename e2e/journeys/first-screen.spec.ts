// The first screen: the server sends every page as HTML in the visitor's
// language, so it paints before any JS; React then hydrates it (keeps the server's elements), the
// page shows the same thing in the same place and asks for nothing the HTML carried, and a form
// sent before hydration (add to cart, search, log in) is done once.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { CourseSummary, SiteContent } from '@circo/shared-contracts';
import {
  DEMO,
  expect,
  fromServer,
  noteServerMarkup,
  remoteArea,
  renderedLive,
  test,
  untilLive,
  useLanguage,
  type Lang,
} from '../support/fixtures';
import { addedConfirmation, cartItems, newBuyer } from '../pages/CheckoutPages';

const LANGS: Lang[] = ['es', 'en', 'fr'];
const COURSES_TITLE: Record<Lang, string> = { es: 'Cursos', en: 'Courses', fr: 'Cours' };

/** The first course the catalogue lists in a language (Spanish unless said), and its page's address. */
async function firstCourse(request: APIRequestContext, lang: Lang = 'es') {
  const [course] = (await (
    await request.get(`/api/courses/visible?lang=${lang}`)
  ).json()) as CourseSummary[];
  return { course, path: `/courses/${course._id}/${course.slug}` };
}

/** The part of the HTML the shell's root element holds. */
const rootOf = (html: string) => /<div id="root">([^]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';

const unescape = (s: string) => s.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

test('the server sends the hero, the course list and the course header in es, en and fr', async ({
  request,
}) => {
  for (const lang of LANGS) {
    const content = (await (await request.get(`/api/content?lang=${lang}`)).json()) as SiteContent;
    const courses = (await (
      await request.get(`/api/courses/visible?lang=${lang}`)
    ).json()) as CourseSummary[];
    const first = courses[0];

    const home = rootOf(await (await request.get(`/?lang=${lang}`)).text());
    expect(unescape(home)).toContain(`<h1 class="cat-hero__title">${content.hero.title}</h1>`);
    // inside the layout: the header before it, in the same language
    expect(home).toMatch(/^<div class="app">.*<header class="site-header">/);

    const list = await (await request.get(`/cursos?lang=${lang}`)).text();
    expect(rootOf(list)).toContain(`<h1>${COURSES_TITLE[lang]}</h1>`);
    expect(unescape(rootOf(list))).toContain(`>${first.title[lang]}</a></h2>`);
    // the first card's image is the page's largest paint: fetched from the head, first
    const image = first.image[lang];
    if (image) {
      expect(list.slice(0, list.indexOf('</head>'))).toContain(
        `<link rel="preload" as="image" href="${image}" fetchPriority="high"/>`,
      );
    }

    const detail = rootOf(
      await (await request.get(`/courses/${first._id}/${first.slug}?lang=${lang}`)).text(),
    );
    expect(unescape(detail)).toContain(`<h1 class="cat-detail__title">${first.title[lang]}</h1>`);
    expect(detail).toContain('data-testid="final-price"');
  }
});

interface Shown {
  texts: string[];
  boxes: Array<{ x: number; y: number; width: number; height: number } | null>;
}

const PARTS = ['.site-header', '#root h1', '[data-testid="course-card"]', '.cat-price__final'];

/** The texts and boxes of the page's first-screen parts (the ones it has). */
async function shown(page: Page): Promise<Shown> {
  const texts: string[] = [];
  const boxes: Shown['boxes'] = [];
  for (const sel of PARTS) {
    const el = page.locator(sel).first();
    if ((await el.count()) === 0) continue;
    texts.push((await el.innerText()).trim());
    boxes.push(await el.boundingBox());
  }
  return { texts, boxes };
}

async function withoutJs(browser: Browser, path: string): Promise<Shown> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('#root h1')).toBeVisible();
  const result = await shown(page);
  await context.close();
  return result;
}

test('the page looks the same before and after its JS runs, and asks for nothing the HTML carried', async ({
  page,
  browser,
  request,
}) => {
  const { course } = await firstCourse(request);
  await page.setViewportSize({ width: 412, height: 823 });
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/courses') || pathname.startsWith('/api/discounts'))
      asked.push(pathname);
  });
  await noteServerMarkup(page);
  for (const path of ['/', '/cursos', `/courses/${course._id}/${course.slug}`]) {
    const before = await withoutJs(browser, path);
    await page.goto(path);
    // the live page has taken over the heading on screen
    await expect.poll(() => renderedLive(page.locator('#root h1'))).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    const after = await shown(page);
    expect(after.texts, path).toEqual(before.texts);
    after.boxes.forEach((box, i) => {
      for (const k of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(box![k] - before.boxes[i]![k]), `${path} ${PARTS[i]} ${k}`).toBeLessThan(1);
      }
    });
  }
  // the list and the course came with the HTML
  expect(asked).toEqual([]);
});

/**
 * Holds every script of the page until `release()`: the visitor acts on the server's HTML, as on a
 * slow phone whose code has not arrived.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** An English visitor who chose English on an earlier visit (localStorage, and its cookie). */
const englishVisitor = (page: Page) => useLanguage(page, 'en');

test("an English visitor adds a course to the cart before the page's code is there, and it is added once", async ({
  page,
  request,
}) => {
  await englishVisitor(page);
  const { course, path } = await firstCourse(request, 'en');
  // React's form-replay script is inline, allowed by its hash and by nothing broader
  const csp = (await request.get(path, { headers: { cookie: 'lang=en' } })).headers()[
    'content-security-policy'
  ];
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' /);
  expect(csp).not.toContain("'unsafe-inline' https://js.stripe.com");

  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  const add = page.getByTestId('add-to-cart');
  // the server's page, in English, before any code
  await expect(add).toHaveText('Add to cart');
  await expect(page.locator('#root h1')).toHaveText(course.title.en);
  expect(
    await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-live')),
  ).toBe(false);
  const added = addedConfirmation(page);
  await add.click();
  release();

  expect(await added).toContain('Added to cart');
  await expect(page.getByTestId('cart-link')).toContainText('1');
  expect(await cartItems(page)).toHaveLength(1);
  // once: the confirmation goes and the cart keeps one line
  await expect(page.getByTestId('added-confirmation')).toBeHidden();
  expect(await cartItems(page)).toHaveLength(1);
});

test("an English visitor searches before the page's code is there and gets the results page", async ({
  page,
}) => {
  await englishVisitor(page);
  const searches: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/search') searches.push(r.url());
  });
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox');
  await box.fill('acrobatics');
  await box.press('Enter');
  // the form went to /buscar: the server's results page, still without code
  await expect(page).toHaveURL(/\/buscar\?q=acrobatics$/);
  await expect(page.locator('#root h1')).toContainText('acrobatics');
  const results = page.locator('[data-testid="course-card"], [data-testid="formation-card"]');
  await expect(results.first()).toBeVisible();
  const count = await results.count();
  release();
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  // the same results, kept: the page asked for nothing the HTML carried
  await expect(results).toHaveCount(count);
  await expect(box).toHaveValue('acrobatics');
  expect(searches).toEqual([]);
});

test("an English visitor logs in before the page's code is there and arrives in My Courses once", async ({
  page,
}) => {
  await englishVisitor(page);
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login')
      logins.push(r.url());
  });
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('#root h1')).toHaveText('Log in');
  await page.getByLabel('E-mail').fill(DEMO.student.email);
  await page.getByLabel('Password').fill(DEMO.student.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  // the browser did not send the form itself (no password in an address)
  expect(page.url()).toMatch(/\/login$/);
  release();

  await expect(page).toHaveURL(/\/mis-cursos$/);
  await expect(remoteArea(page, 'mf_learning')).toBeVisible();
  expect(logins).toHaveLength(1);
});

test("a visitor taps Log in on /carrito before the page's code is there, and comes back to the cart after logging in", async ({
  page,
  request,
}) => {
  await englishVisitor(page);
  const { email } = await newBuyer(request);
  const release = await holdScripts(page);
  await page.goto('/carrito', { waitUntil: 'commit' });
  await expect(page.locator('#root h1')).toHaveText('Please log in');
  // a plain page load of /login: the way back is in its address
  await page.getByTestId('login-required').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcarrito$/);
  release();
  await untilLive(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Comprador123');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

test("an English visitor on a Spanish-only course taps its Spanish version before the page's code is there, and gets it", async ({
  page,
  request,
}) => {
  await englishVisitor(page);
  const spanish = (await (
    await request.get('/api/courses/visible?lang=es')
  ).json()) as CourseSummary[];
  let hidden: CourseSummary | undefined;
  for (const c of spanish) {
    if ((await request.get(`/api/courses/${c._id}?lang=en`)).status() === 403) {
      hidden = c;
      break;
    }
  }
  expect(hidden, 'the seed has a course hidden in English').toBeTruthy();
  const release = await holdScripts(page);
  await page.goto(`/courses/${hidden!._id}/${hidden!.slug}`, { waitUntil: 'commit' });
  await expect(page.locator('#root h1')).toHaveText('Course not available');
  await page.getByTestId('switch-lang-es').click();
  release();
  await expect(page.locator('#root h1')).toHaveText(hidden!.title.es);
  await expect(page).toHaveURL(new RegExp(`/courses/${hidden!._id}/${hidden!.slug}$`));
  await untilLive(page);
  // the choice is kept: the shell took the address's language
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('es');
});

test("the live page takes over the server's elements instead of building them again, and they work", async ({
  page,
  request,
}) => {
  const { path: coursePath } = await firstCourse(request);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await noteServerMarkup(page);
  // a phone (its compact search box is not the server's) and a desktop
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 823 });
    for (const path of ['/', '/cursos', coursePath]) {
      await page.goto(path);
      await expect(page.locator('#root[data-live]')).toHaveCount(1);
      for (const part of ['#root h1', '.site-main']) {
        expect(await fromServer(page.locator(part).first()), `${width} ${path} ${part}`).toBe(true);
      }
    }
    if (width === 412) {
      // the server's button, hydrated, does what it does: it takes the visitor to the price card,
      // which adds to the cart
      const enroll = page.getByTestId('enroll');
      expect(await fromServer(enroll)).toBe(true);
      await enroll.click();
      await expect(page.locator('.cat-price')).toBeFocused();
      const added = addedConfirmation(page);
      await page.getByTestId('add-to-cart').click();
      await added;
    }
    // what differs from the server's visitor view is put right: the cart the browser keeps
    await expect(page.getByTestId('cart-link')).toContainText('1');
  }
  const search = page.getByRole('searchbox');
  await search.fill('acro');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=acro$/);
  expect(errors).toEqual([]);
});

test("a page the server sent in another language than the visitor's shows only the visitor's once live", async ({
  page,
  request,
}) => {
  // a course shown in English (other journeys may hide one in a language meanwhile)
  const { course, path } = await firstCourse(request, 'en');
  // the choice is in localStorage only (its cookie is gone): the server sends the page in Spanish
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  expect(await (await request.get('/')).text()).toContain('<html lang="es"');
  for (const [address, check] of [
    ['/', () => expect(page.getByRole('region', { name: 'What students say' })).toBeVisible()],
    [path, () => expect(page.locator('#root h1')).toHaveText(course.title.en)],
  ] as const) {
    await page.goto(address);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await check();
    // nothing of the server's Spanish page is left beside the live one
    await expect(page.locator('#root h1')).toHaveCount(1);
    await expect(page.getByTestId('testimonials')).toHaveCount(address === '/' ? 1 : 0);
    await expect(page.locator('.cat-detail')).toHaveCount(address === '/' ? 0 : 1);
  }
});
