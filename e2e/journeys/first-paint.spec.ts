// The first paint of the storefront: nothing on screen moves while the page and its remote load
// (layout shift summed by the browser itself), and the HTML the server sends carries what the
// shell needs at start, so the page works with /remotes.json, /api/config and /api/content
// unreachable.
import type { Page } from '@playwright/test';
import type { CourseSummary } from '@circo/shared-contracts';
import { expect, test, remoteArea, useLanguage } from '../support/fixtures';

/** Records every layout shift not caused by input, from the first byte of the page. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shiftSources: string[] };
    w.__shift = 0;
    w.__shiftSources = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node }>;
      }>) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        for (const s of entry.sources) {
          w.__shiftSources.push((s.node as Element | undefined)?.className || String(s.node));
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftOf = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shiftSources: string[] };
    return { sum: w.__shift, sources: w.__shiftSources };
  });

async function firstCoursePath(page: Page): Promise<string> {
  const res = await page.request.get('/api/courses/visible?lang=es');
  const [course] = (await res.json()) as CourseSummary[];
  return `/courses/${course._id}/${course.slug}`;
}

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(`the page does not shift while /, /cursos and a course page load (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await watchLayoutShifts(page);
    for (const path of ['/', '/cursos', await firstCoursePath(page)]) {
      await page.goto(path);
      await expect(remoteArea(page, 'mf_catalog').locator('h1')).toBeVisible();
      await expect(page.locator('.site-footer')).toBeAttached();
      await page.waitForLoadState('networkidle');
      // images decoded and fonts applied, then two frames painted: a late shift would show here
      await page.evaluate(async () => {
        await document.fonts.ready;
        // the images the page loads now (a lazy one below the fold waits for a scroll)
        const eager = [...document.images].filter((img) => img.loading !== 'lazy');
        await Promise.all(
          eager.map((img) => (img.complete ? null : img.decode().catch(() => null))),
        );
        await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
      });
      const { sum, sources } = await shiftOf(page);
      expect(
        sum,
        `${path}: layout shift ${sum.toFixed(3)} from ${sources.join(', ')}`,
      ).toBeLessThan(0.02);
      // the footer starts below the fold and the page area is reserved
      const footerTop = await page
        .locator('.site-footer')
        .evaluate((f) => f.getBoundingClientRect().top);
      expect(footerTop).toBeGreaterThanOrEqual(viewport.height);
    }
  });
}

test('the HTML carries the remotes map, config, site content and the preloads of the page', async ({
  page,
  request,
}) => {
  // a page whose remote part the browser renders (a signed-in page: its content comes with the
  // session): the shell's part is in the HTML, and the code of its remote is preloaded
  const html = await (
    await request.get('/mis-cursos', { headers: { cookie: 'signed_in=1' } })
  ).text();
  expect(html).toMatch(/<script id="circo-bootstrap" type="application\/json">/);
  expect(html).toContain('<header class="site-header">');
  expect(html).toContain(
    '<link rel="preload" as="fetch" href="/remotes/mf-learning/mf-manifest.json" crossorigin="anonymous" />',
  );
  expect(html).toContain(
    '<link rel="preload" as="script" href="/remotes/mf-learning/remoteEntry.js" />',
  );
  expect(html).toMatch(/<link rel="preload" as="script" href="\/bootstrap\.[0-9a-f]{8}\.js" \/>/);
  // a page the server sends whole (first-screen.spec.ts): its styles apply before any JS, and no
  // code competes with them
  const list = await (await request.get('/cursos')).text();
  expect(list).toMatch(/<script id="circo-bootstrap" type="application\/json">/);
  expect(list).toMatch(
    /<link rel="stylesheet" href="\/remotes\/mf-catalog\/[^"]+\.css" data-rspack="mf_catalog:chunk-\w+" \/>/,
  );
  expect(list).toMatch(/<link rel="stylesheet" href="\/bootstrap\.[0-9a-f]{8}\.css" \/>/);
  expect(list).not.toContain('as="script"');
  // the Content-Security-Policy refuses inline scripts: /cursos has none; a course page has
  // React's form-replay script (its Add to cart works before hydration), allowed by its hash
  const scriptSrc = async (path: string) => {
    const res = await request.get(path);
    const csp = res.headers()['content-security-policy'];
    return {
      src: csp.split(';').find((d) => d.trim().startsWith('script-src'))!,
      html: await res.text(),
    };
  };
  const courses = await scriptSrc('/cursos');
  expect(courses.src).toMatch(/script-src 'self'/);
  expect(courses.src).not.toMatch(/unsafe-inline|nonce-|sha256-/);
  expect(courses.html.match(/<script>/g)).toBeNull();
  const [course] = (await (await request.get('/api/courses/visible?lang=es')).json()) as Array<{
    _id: string;
    slug: string;
  }>;
  const detail = await scriptSrc(`/courses/${course._id}/${course.slug}`);
  expect(detail.src).not.toMatch(/unsafe-inline|nonce-/);
  expect(detail.src.match(/'sha256-/g)).toHaveLength(1);
  expect(detail.html.match(/<script>/g)).toHaveLength(1);

  const startRequests: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (['/remotes.json', '/api/config', '/api/content'].includes(pathname))
      startRequests.push(pathname);
  });
  await page.route(/\/(remotes\.json|api\/config|api\/content)(\?.*)?$/, (route) => route.abort());
  await page.goto('/');
  // the hero's texts are the teacher's site content: they came with the HTML
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Entrena circo con método, desde donde estés',
  );
  await page.getByRole('navigation').first().getByRole('link', { name: 'Cursos' }).click();
  await expect(remoteArea(page, 'mf_catalog')).toHaveAttribute('data-page', 'courses');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  expect(startRequests).toEqual([]);
  // the live page took the stylesheets the HTML linked: none is linked (parsed, applied) twice
  const sheets = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(sheets.some((href) => href.startsWith('/remotes/mf-catalog/'))).toBe(true);
  expect(sheets).toEqual([...new Set(sheets)]);
});

test("a returning visitor's language comes with the HTML: the page paints in it without asking", async ({
  page,
}) => {
  await useLanguage(page, 'fr');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // the next page the server sends is in French from the start, site content included
  await page.route(/\/api\/content(\?.*)?$/, (route) => route.abort());
  const res = await page.reload();
  expect(await res!.text()).toContain('<html lang="fr"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/.+/);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const fr = (await (await page.request.get('/api/content?lang=fr')).json()) as {
    hero: { title: string };
  };
  expect(title).toBe(fr.hero.title);
});

test('without the bootstrap data (an old or cached page) the shell still asks /remotes.json', async ({
  page,
}) => {
  let remotesAsked = 0;
  await page.route('**/*', async (route) => {
    const req = route.request();
    if (new URL(req.url()).pathname === '/remotes.json') remotesAsked++;
    if (req.resourceType() !== 'document') return route.continue();
    const res = await route.fetch();
    const body = (await res.text()).replace(/<script id="circo-bootstrap"[^]*?<\/script>/, '');
    await route.fulfill({ response: res, body });
  });
  await page.goto('/cursos');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  // the cards are the server's from the start: the live page (which needed the remotes) took over
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  expect(remotesAsked).toBe(1);
});
