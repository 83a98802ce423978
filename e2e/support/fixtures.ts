import AxeBuilder from '@axe-core/playwright';
import type { Result as AxeResult } from 'axe-core';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { baseURL } from './env';

export { expect };

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

/** The WCAG rule sets checked (2.0, 2.1 and 2.2, levels A and AA). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface A11yFinding {
  page: string;
  lang: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits (up to 3 s) until the page's finite CSS animations have ended, so that axe judges what a
 * reader sees once the page is still: a card fading in is at opacity 0.2 for a moment, and its
 * text would be measured against the page behind it (a false color-contrast finding). Endless
 * animations (a spinner) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((r) => setTimeout(r, 3000))]);
  });
}

/** The current document timeline time (ms), the clock CSS animations start on. */
const timelineNow = (page: Page) => page.evaluate(() => Number(document.timeline.currentTime ?? 0));

/**
 * axe on the page once its animations ended; `movedMeanwhile`: an animation started (or was
 * still running) while axe looked, so the colours it measured may be those of a fade.
 */
async function analyzeStill(page: Page) {
  await settleAnimations(page);
  const from = await timelineNow(page);
  const result = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const movedMeanwhile = await page.evaluate(
    (t0) =>
      document.getAnimations().some((a) => {
        const end = a.effect?.getComputedTiming().endTime;
        if (typeof end !== 'number' || !Number.isFinite(end)) return false;
        return a.playState === 'running' || Number(a.startTime ?? -Infinity) >= t0;
      }),
    from,
  );
  return Object.assign(result, { movedMeanwhile });
}

/** How long the check of one page may take (1-2 s, up to 5 s on a busy 2-core machine). */
const AXE_CHECK_WITHIN_MS = 30_000;

/**
 * `check()`, failing with the page's name if it has not ended in time: one that never ends would
 * otherwise hold the test's teardown (which waits for the checks) until its timeout, without a
 * word of which page.
 */
async function within<T>(path: string, check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`axe did not finish checking ${path} within ${AXE_CHECK_WITHIN_MS} ms`)),
      AXE_CHECK_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([check(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The violations without the targets axe found too small only because part of them lay under the
 * sticky site header at that moment (a row of a long list passing under it as the page scrolls):
 * that depends on where the page happened to be scrolled, not on the page. That what is scrolled
 * to or focused stops below the header is a journey of its own (usability.spec.ts). A target in
 * the header itself, or one covered by anything else, still counts.
 */
async function withoutHeaderOverlap(page: Page, violations: AxeResult[]): Promise<AxeResult[]> {
  const kept: AxeResult[] = [];
  for (const v of violations) {
    if (v.id !== 'target-size') {
      kept.push(v);
      continue;
    }
    const nodes = [];
    for (const node of v.nodes) {
      const size = node.any.find((c) => c.id === 'target-size');
      const obscured = (size?.data as { messageKey?: string } | null)?.messageKey;
      const by = obscured === 'partiallyObscured' ? (size?.relatedNodes ?? []) : [];
      const underHeader =
        by.length > 0 &&
        (await page.evaluate(
          ({ target, covering }) => {
            const inHeader = (selector: string) =>
              !!document.querySelector(selector)?.closest('.site-header');
            return !inHeader(target) && covering.every(inHeader);
          },
          { target: node.target.join(' '), covering: by.map((r) => r.target.join(' ')) },
        ));
      if (!underHeader) nodes.push(node);
    }
    if (nodes.length > 0) kept.push({ ...v, nodes });
  }
  return kept;
}

/** Runs axe on the pages of one test and keeps what it finds. */
export class A11yChecker {
  readonly findings: A11yFinding[] = [];
  /** page + lang + a digest of the visible text: a state checked once per test */
  private readonly checked = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Map<Page, NodeJS.Timeout>();
  private readonly pages = new Set<Page>();
  /** Pages checked, for the report. */
  checks = 0;

  /** Checks `page` after each of its navigations (pages the test opens itself: call this). */
  watch(page: Page): void {
    this.pages.add(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      // let the route render and its data arrive before looking
      clearTimeout(this.timers.get(page));
      this.timers.set(
        page,
        setTimeout(() => this.track(this.check(page)), 700),
      );
    });
    page.on('close', () => clearTimeout(this.timers.get(page)));
  }

  /** Checks the page as it is now, after any check of it still running (axe runs one at a time). */
  check(page: Page): Promise<void> {
    const next = (this.queues.get(page) ?? Promise.resolve()).then(() => this.checkNow(page));
    this.queues.set(
      page,
      next.catch(() => undefined),
    );
    return next;
  }

  private readonly queues = new Map<Page, Promise<void>>();

  private async checkNow(page: Page, attempt = 0): Promise<void> {
    if (page.isClosed()) return;
    const url = page.url();
    if (!url.startsWith('http')) return;
    const path = new URL(url).pathname + new URL(url).search;
    let key = '';
    try {
      const state = await within(path, () =>
        page.evaluate(
          () =>
            `${document.documentElement.lang}|${document.body?.innerText.length ?? 0}|${document.querySelectorAll('*').length}`,
        ),
      );
      key = `${path}|${state}`;
      if (this.checked.has(key)) return;
      this.checked.add(key);
      const lang = state.split('|')[0] || '?';
      const started = Date.now();
      // an element that faded in while axe looked (a result card mounted again) reads as faint
      // text: what axe saw then is looked at again once the page is still
      const result = await within(path, async () => {
        let look = await analyzeStill(page);
        for (let again = 0; again < 2 && look.movedMeanwhile; again++)
          look = await analyzeStill(page);
        return look;
      });
      // the time axe takes is added to the test's own budget, so journeys keep their timeouts
      const info = base.info();
      info.setTimeout(info.timeout + (Date.now() - started));
      // the page moved on while axe looked at it: what it saw belongs to no one page
      if (page.url() !== url) {
        this.checked.delete(key);
        return;
      }
      this.checks++;
      for (const v of await withoutHeaderOverlap(page, result.violations)) {
        if (!FAILING_IMPACTS.has(v.impact ?? '')) continue;
        this.findings.push({
          page: path,
          lang,
          rule: v.id,
          impact: v.impact ?? '',
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        });
      }
    } catch (err) {
      // a page closed meanwhile (the test is done with it) has nothing more to check
      if (page.isClosed()) return;
      // the page navigated while it was being checked (axe's script went with the old
      // document): look again once it has settled
      const message = (err as Error).message ?? '';
      if (
        !/context was destroyed|Target .*closed|navigat|has been closed|Cannot read properties of undefined|axe is not defined/i.test(
          message,
        )
      )
        throw err;
      this.checked.delete(key);
      if (attempt < 2 && !page.isClosed()) {
        await new Promise((r) => setTimeout(r, 500));
        await this.checkNow(page, attempt + 1);
      }
    }
  }

  private track(p: Promise<void>): void {
    const tracked = p.catch((err: unknown) => {
      this.errors.push(err as Error);
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  readonly errors: Error[] = [];

  /** Waits for the checks under way, checks each open page once more, and fails on a finding. */
  async finish(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    await Promise.all(this.running);
    for (const page of this.pages) await this.check(page);
    if (this.errors.length) throw this.errors[0];
    const unique = new Map(
      this.findings.map((f) => [`${f.rule}|${f.page}|${f.lang}|${f.targets.join(',')}`, f]),
    );
    const report = [...unique.values()]
      .map(
        (f) =>
          `${f.impact} ${f.rule} on ${f.page} (${f.lang}): ${f.help}\n    ${f.targets.join('\n    ')}`,
      )
      .join('\n');
    expect(unique.size, `accessibility violations (axe, ${A11Y_TAGS.join('/')}):\n${report}`).toBe(
      0,
    );
  }
}

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
  page: async ({ page, a11y }, use) => {
    await use(page);
    await a11y.finish();
  },
});

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
    const state = await page
      .evaluate(() => ({
        url: location.href,
        readyState: document.readyState,
        busy: !!document.querySelector('[aria-busy="true"]'),
        text: (document.getElementById('root')?.innerText ?? '(no #root)')
          .replace(/\s+/g, ' ')
          .slice(0, 400),
      }))
      .catch((e: unknown) => String(e));
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
