import AxeBuilder from '@axe-core/playwright';
import type { Result as AxeResult } from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';

// The accessibility check every journey runs on each page it opens (the `a11y` fixture of
// fixtures.ts): axe-core once the page is still, findings gathered and reported at the end.

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

/**
 * The page states this worker has checked: origin and address, language, a digest of the visible
 * text and markup, and the window's size, pixel ratio and pointer. Journeys open some pages in the
 * same state again (the home page, the catalogue, a sign-in form); axe's verdict on the same
 * state is the same, so each is checked once per worker, by whichever test reaches it first (its
 * findings fail that test). On catalog, hydration, usability and accounts that is 79 checks
 * instead of 87.
 */
const checkedInWorker = new Set<string>();

/** Runs axe on the pages of one test and keeps what it finds. */
export class A11yChecker {
  readonly findings: A11yFinding[] = [];
  private readonly checked = checkedInWorker;
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
            `${document.documentElement.lang}|${document.body?.innerText.length ?? 0}|${document.querySelectorAll('*').length}|${innerWidth}x${innerHeight}@${devicePixelRatio}|${matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse'}`,
        ),
      );
      key = `${new URL(url).origin}${path}|${state}`;
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
