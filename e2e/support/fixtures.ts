import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { A11yChecker } from './a11y';
import { baseURL } from './env';

export { expect };
export { A11Y_TAGS, A11yChecker } from './a11y';

export type Lang = 'es' | 'en' | 'fr';

/** Demo accounts created by the seed. */
export const DEMO = {
  admin: { email: 'admin@circo.local', password: 'Admin1234!' },
  student: { email: 'alumno@circo.local', password: 'Alumno1234' },
} as const;

/** Opens every page of this browser context in `lang`, as a returning visitor (localStorage `lang` and its cookie). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-lang-set')) {
      localStorage.setItem('lang', l);
      sessionStorage.setItem('e2e-lang-set', '1');
    }
  }, lang);
  // and its cookie, which the shell writes beside it on every page: the server renders the
  // visitor's language, and the browser hydrates that page
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
}

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Logs the browser in as a demo account by storing its token, as the login page does. */
export async function loginAs(
  page: Page,
  request: APIRequestContext,
  who: keyof typeof DEMO,
): Promise<string> {
  const token = await apiLogin(request, DEMO[who].email, DEMO[who].password);
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
  return token;
}

/** The area a remote renders into. */
export const remoteArea = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`);

/** Collects the URLs the page requests. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

// ---------------------------------------------------------------------------------------------
// Accessibility as a standing check: every journey imports `test` from here, and each page it
// opens is checked with axe-core after every navigation (a full load or a route change of the
// single-page app) and once more at the end of the test, in the language the page is in. Any
// serious or critical violation fails the test, with the rule, the page and the elements.

/**
 * `test` of every journey: Playwright's, with each page the test uses checked by axe-core (see
 * A11yChecker). `a11y.watch(page)` adds a page the test opened itself (`browser.newPage()`).
 */
export const test = base.extend<{ a11y: A11yChecker }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  a11y: async ({}, use) => {
    await use(new A11yChecker());
  },
  context: async ({ context, a11y }, use) => {
    context.on('page', (p) => a11y.watch(p));
    await use(context);
  },
  page: async ({ page, a11y }, use, testInfo) => {
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) await tellWhereItStood(page);
    await a11y.finish();
  },
});

/** Where a page stands: its address, whether it is live or still loading, and its text. */
const pageState = (page: Page) =>
  page
    .evaluate(() => ({
      url: location.href,
      readyState: document.readyState,
      live: !!document.querySelector('#root[data-live]'),
      busy: !!document.querySelector('[aria-busy="true"]'),
      text: (document.getElementById('root')?.innerText ?? '(no #root)')
        .replace(/\s+/g, ' ')
        .slice(0, 600),
    }))
    .catch((e: unknown) => String(e));

/**
 * Prints where a failed journey's page stood (pageState): the run's output is all a CI log keeps,
 * not the trace or error-context.md.
 */
async function tellWhereItStood(page: Page): Promise<void> {
  if (page.isClosed()) return;
  console.log(
    `where the page stood when the journey failed: ${JSON.stringify(await pageState(page))}`,
  );
}

/**
 * Makes `page` see the server's SALES_PAUSED switch on: in the config the HTML carries at start
 * and in `/api/config` (which the apps read when the HTML has none).
 */
export async function pauseSales(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'document') {
      const res = await route.fetch();
      // as a server with SALES_PAUSED sends it: its configuration, and the markup that follows it
      const body = (await res.text())
        .replace('"salesPaused":false', '"salesPaused":true')
        .replace(/(data-testid="cart-link"[^>]*href=")\/carrito"/, '$1/mantenimiento"');
      return route.fulfill({ response: res, body });
    }
    if (new URL(request.url()).pathname === '/api/config') {
      const res = await route.fetch();
      return route.fulfill({ response: res, json: { ...(await res.json()), salesPaused: true } });
    }
    return route.fallback();
  });
}

/**
 * Tells the elements the server's HTML put under `#root` (its first screen) from the ones the live
 * page rendered, whatever renders it: call before `goto`; an init script notes the server's
 * elements once the HTML is parsed, before the page's own scripts run.
 */
export async function noteServerMarkup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fromServer = new WeakSet<Element>();
    (window as unknown as { __e2eFromServer: WeakSet<Element> }).__e2eFromServer = fromServer;
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        document.querySelectorAll('#root *').forEach((el) => fromServer.add(el));
    });
  });
}

/**
 * Whether the element is the live page's: one it rendered, or one of the server's HTML once React
 * has hydrated the page's part (it keeps them: `#root[data-live]`).
 */
export const renderedLive = (el: Locator): Promise<boolean> =>
  el.evaluate(
    (node) =>
      !(window as unknown as { __e2eFromServer: WeakSet<Element> }).__e2eFromServer.has(node) ||
      !!document.getElementById('root')?.hasAttribute('data-live'),
  );

/**
 * Waits until the page's part is hydrated (its effects ran: `#root[data-live]`, shell
 * LiveMark). Before that a control that is not a form or a link does nothing, and a link is the
 * browser's (the page loads anew), which a journey about what the app keeps between pages must
 * not take. Up to 30 s: the first visit of a new browser context loads the shell and the
 * remote's code uncached, and CI's shared 2 cores ran the practice journeys 3-6 times slower
 * than a quiet machine (a CI run waited 15 s here for the admin's queue; locally it is live in
 * 0.6 s, 1.1 s with two busy processes beside it).
 */
export async function untilLive(page: Page): Promise<void> {
  // what the page said meanwhile, for a failure to tell where it stood
  const said: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error' || m.type() === 'warning') said.push(`${m.type()}: ${m.text()}`);
  };
  const onError = (e: Error) => said.push(`pageerror: ${e.message}`);
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) =>
    said.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('requestfailed', onFailed);
  try {
    await expect(page.locator('#root[data-live]')).toHaveCount(1, { timeout: 30_000 });
  } catch (err) {
    const state = await pageState(page);
    throw new Error(
      `the page did not become live: ${JSON.stringify(state)}\n${said.join('\n')}\n${String(err)}`,
    );
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('requestfailed', onFailed);
  }
}

/** Whether the element is one the server's HTML put there (see noteServerMarkup). */
export const fromServer = (el: Locator): Promise<boolean> =>
  el.evaluate((node) =>
    (window as unknown as { __e2eFromServer: WeakSet<Element> }).__e2eFromServer.has(node),
  );
