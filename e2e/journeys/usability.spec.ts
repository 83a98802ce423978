// What a new user tripped on: the header's one row, the 404 page, focus and the mobile
// menu for keyboard users, the focus ring, what scrolls under the sticky header, the search box,
// the account links' size and the unavailable screen's sentence. The 429 message is in
// usability-rate-limit.spec.ts.
import type { Locator, Page } from '@playwright/test';
import type { CourseSummary } from '../../shared-contracts/src/api/catalog';
import { baseURL } from '../support/env';
import {
  expect,
  test,
  loginAs,
  noteServerMarkup,
  remoteArea,
  renderedLive,
  useLanguage,
  type Lang,
  untilLive,
} from '../support/fixtures';

const LANGS: Lang[] = ['es', 'en', 'fr'];
const ROLES = ['visitor', 'student', 'admin'] as const;
const WIDTHS = [1024, 1280, 1440];

async function headerHeight(page: Page): Promise<number> {
  return page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
}

// where the search box shows its placeholder whole: a visitor's, and an admin's (the longest nav;
// below 1280 px a member's box is its button until opened)
const PLACEHOLDER_WIDTHS: Record<(typeof ROLES)[number], number[]> = {
  visitor: [1024, 1440],
  student: [],
  admin: [1280, 1440],
};

for (const role of ROLES) {
  for (const lang of LANGS) {
    test(`the header is one row at ${WIDTHS.join(', ')} px for a ${role} in ${lang}${PLACEHOLDER_WIDTHS[role].length > 0 ? ', its search placeholder whole' : ''}`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, lang);
      if (role !== 'visitor') await loginAs(page, request, role);
      await noteServerMarkup(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/cursos');
      const nav = page.locator('#main-nav');
      // the signed-in header is complete (its last links are there) before it is measured
      if (role === 'admin') await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
      if (role === 'student') await expect(nav.locator('a[href="/mis-cursos"]')).toBeVisible();
      // the box the live page renders (the server's first screen has one until the shell takes over)
      const box = page.locator('#site-search');
      if (PLACEHOLDER_WIDTHS[role].length > 0)
        await expect.poll(() => renderedLive(box)).toBe(true);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // one row: the height of the tallest control plus the padding (65 px; two rows are 110+)
        await expect.poll(() => headerHeight(page), { message: `${width} px` }).toBeLessThan(70);
        // every link of the nav and the account button are on screen, none cut
        for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
        const account = page.locator('.site-header__tools .btn--ghost');
        await expect(account).toBeInViewport({ ratio: 1 });
        if (PLACEHOLDER_WIDTHS[role].includes(width)) {
          await expect(box).toBeVisible();
          const [shown, whole] = await placeholderInk(page, box);
          // the same to a pixel of antialiasing; a glyph cut off (the ellipsis's last dot) is 4 or more
          expect(
            shown,
            `${width} px: the placeholder's ink, against a box wide enough`,
          ).toBeGreaterThan(whole - 1.5);
        }
      }
      // below 1024 px the nav folds behind the menu button
      await page.setViewportSize({ width: 800, height: 900 });
      await expect(page.locator('.nav-toggle')).toBeVisible();
      await expect(nav).toBeHidden();
    });
  }
}

test('an unknown address answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto('/esta-pagina-no-existe');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // its link leads home, which answers 200
  await page.getByTestId('not-found').getByRole('link').click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.request.get('/')).status()).toBe(200);
});

test('a page sent by the server carries its head tags, and ?lang= opens it in that language', async ({
  page,
}) => {
  const res = await page.goto('/cursos?lang=fr');
  expect(res?.status()).toBe(200);
  const html = await res!.text();
  expect(html).toContain('<link rel="canonical" href="');
  expect(html).toContain('hreflang="en"');
  expect(html).toContain('<meta property="og:title" content="Cours | Circo Coach"');
  // the page is in French, and the address loses the parameter (the choice is kept)
  await expect(remoteArea(page, 'mf_catalog').getByRole('heading', { level: 1 })).toHaveText(
    'Cours',
  );
  await expect(page).toHaveURL(`${baseURL}/cursos`);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr');
  await expect(page).toHaveTitle('Cours | Circo Coach');
});

test('after a link is followed, focus is on the new page heading and the page is announced', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/');
  await expect(remoteArea(page, 'mf_catalog').getByRole('heading', { level: 1 })).toBeVisible();
  // the first load leaves focus where the browser puts it
  await expect(page.locator('main h1')).not.toBeFocused();
  // a link followed in the hydrated page changes the page without loading it (before, the
  // browser loads the new address, and focus is where a page load puts it)
  await untilLive(page);
  await page.locator('#main-nav').getByRole('link', { name: 'Courses' }).click();
  const heading = page.locator('main h1');
  await expect(heading).toHaveText('Courses');
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(/Courses/);
  // the page did not jump: it is at the top
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // the next Tab goes on from the page, not from the header
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
  expect(inMain).toBe(true);

  // a shell page too (the account pages)
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.locator('main h1')).toBeFocused();
});

test('the mobile menu closes on Escape and gives focus back to its button', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  // the menu button is a control of the hydrated page (not a form or a link)
  await untilLive(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = page.locator('#main-nav');
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Courses' }).focus();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('keyboard focus shows a clear ring on links, buttons and fields', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/login');
  await expect(page.locator('main h1')).toBeVisible();
  const ringOf = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      // the search field's ring is drawn by its box
      const target = el.closest('.search-box') ?? el;
      const s = getComputedStyle(target);
      return { tag: el.tagName, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const ring = await ringOf();
    if (ring.tag === 'BODY') continue;
    seen.add(ring.tag);
    expect(ring, `focus ring of a ${ring.tag}`).toMatchObject({ style: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
  }
  expect([...seen]).toEqual(expect.arrayContaining(['A', 'INPUT', 'BUTTON']));
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 800, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`what is scrolled to or focused stops below the sticky header at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/formaciones');
    await expect(page.locator('#root[data-live]')).toBeAttached();
    const header = page.locator('.site-header');
    const bottomOf = (l: ReturnType<Page['locator']>) =>
      l.evaluate((el) => el.getBoundingClientRect().bottom);
    const topOf = (l: ReturnType<Page['locator']>) =>
      l.evaluate((el) => el.getBoundingClientRect().top);

    // an anchor of the page: its section's title shows below the header
    await page.getByTestId('anchor-escuelas').click();
    const schools = page.locator('#escuelas');
    await expect
      .poll(async () => (await topOf(schools)) - (await bottomOf(header)))
      .toBeGreaterThanOrEqual(0);

    // a link the page scrolled under the header, then focused from the keyboard's side: it is
    // brought out from under it (WCAG 2.4.11, focus not obscured)
    const link = page.locator('#online').getByTestId('formation-card').first().getByRole('link');
    await link.evaluate((el) => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      window.scrollBy({
        top: el.getBoundingClientRect().top - header.bottom + 8,
        behavior: 'instant',
      });
    });
    expect(await topOf(link)).toBeLessThan(await bottomOf(header));
    await link.focus();
    await expect
      .poll(async () => (await topOf(link)) - (await bottomOf(header)))
      .toBeGreaterThanOrEqual(0);
  });
}

test('a direct load of /buscar?q= fills the search box and it follows the address', async ({
  page,
}) => {
  await useLanguage(page, 'es');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/buscar?q=acrobacia');
  const box = page.locator('#site-search');
  await expect(box).toHaveValue('acrobacia');
  // following the address is the hydrated page's (before, the form loads the next page)
  await untilLive(page);
  await box.fill('malabares');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=malabares$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/buscar\?q=acrobacia$/);
  await expect(box).toHaveValue('acrobacia');
});

/**
 * How wide the placeholder of the search box is drawn (px of ink from the box's left edge), in
 * the box and in a copy of it wide enough for any placeholder: equal unless the box cuts it. Read
 * from the pixels, so whatever takes room inside the field (the browser's hidden clear button)
 * counts.
 */
async function placeholderInk(page: Page, box: Locator): Promise<[number, number]> {
  await box.evaluate((input: HTMLInputElement) => {
    const holder = document.createElement('div');
    holder.className = 'search-box';
    holder.id = 'e2e-wide-search';
    holder.style.cssText =
      'position:fixed;left:8px;top:200px;width:40rem;max-width:none;z-index:99;border:0;border-radius:0';
    const copy = input.cloneNode() as HTMLInputElement;
    copy.removeAttribute('id');
    holder.append(copy);
    document.body.append(holder);
  });
  const wide = page.locator('#e2e-wide-search input');
  const ink = async (field: Locator) => {
    const png = (await field.screenshot({ animations: 'disabled' })).toString('base64');
    return page.evaluate(async (data) => {
      // decoded here, not fetched (the page's Content-Security-Policy allows no data: requests)
      const bytes = Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const c = canvas.getContext('2d')!;
      c.drawImage(bitmap, 0, 0);
      const { data: px, width, height } = c.getImageData(0, 0, bitmap.width, bitmap.height);
      // the field's background, left of the text; ink is any pixel clearly darker than it
      const at = (x: number, y: number) => (y * width + x) * 4;
      const bg = at(2, Math.floor(height / 2));
      const lum = (i: number) => px[i] + px[i + 1] + px[i + 2];
      let right = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          if (lum(bg) - lum(at(x, y)) > 90) right = Math.max(right, x);
      return right / devicePixelRatio;
    }, png);
  };
  const result: [number, number] = [await ink(box), await ink(wide)];
  await page.evaluate(() => document.getElementById('e2e-wide-search')?.remove());
  return result;
}

test('the links under the login and register buttons are targets of 24 px or more, apart', async ({
  page,
}) => {
  for (const path of ['/login', '/register', '/olvidaste-tu-contraseña']) {
    await page.goto(path);
    const links = page.locator('.form-links a');
    await expect(links.first()).toBeVisible();
    const boxes = await links.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
    for (const b of boxes) {
      expect(b.h, path).toBeGreaterThanOrEqual(24);
      expect(b.w, path).toBeGreaterThanOrEqual(24);
    }
    // neighbours do not touch
    for (let i = 1; i < boxes.length; i++) {
      const [a, b] = [boxes[i - 1], boxes[i]];
      const apart = b.x >= a.x + a.w + 8 || b.y >= a.y + a.h + 8;
      expect(apart, path).toBe(true);
    }
  }
});

test('the unavailable screen says the item is not available in the selected language', async ({
  page,
  request,
}) => {
  const res = await request.get(`${baseURL}/api/courses/visible?lang=es`);
  const hidden = ((await res.json()) as CourseSummary[]).find((c) => c.visible.en === false);
  expect(hidden, 'the seed has a course hidden in English').toBeTruthy();
  await useLanguage(page, 'en');
  await page.goto(`/courses/${hidden!._id}`);
  await expect(page.getByTestId('unavailable')).toContainText(
    'This course is not available in the selected language (English).',
  );
});
