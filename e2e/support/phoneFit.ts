import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { A11Y_TAGS } from './a11y';

/** Narrowest column a wrapped text may have on a phone (narrower reads one word per line). */
export const MIN_TEXT_COLUMN_PX = 120;
/** Smallest tap target (WCAG 2.5.5, Apple's and Google's guidance). */
export const MIN_TAP_PX = 44;
/** Screenshots a person looks at (PHONE_SHOTS_DIR); not checked by the run. */
const SHOTS = process.env.PHONE_SHOTS_DIR ?? null;

interface Misfit {
  kind: 'text' | 'tap' | 'overflow';
  what: string;
  width: number;
  height: number;
}

/**
 * Fails when the screen (the page's main area), as a phone shows it, has a visible text element holding wrapped text that
 * is narrower than 120 px, or a visible tap target (a, button, input, select, [role=button],
 * summary) under 44x44 px; then runs axe as the other journeys do. `screen` names the screen in
 * the failure (and the screenshot, when PHONE_SHOTS_DIR is set).
 */
export async function expectPhoneFit(page: Page, screen: string): Promise<void> {
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${screen}.png`) });
    await page.screenshot({ path: join(SHOTS, `${screen}-full.png`), fullPage: true });
  }
  const misfits = await page.evaluate(
    ({ minText, minTap }) => {
      const out: Misfit[] = [];
      // the screen itself: the page's main area (the shell's header and footer are the same on
      // every screen and have their own check)
      const root = document.querySelector('main') ?? document.body;
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) return false;
        // a skip link waits above the page until focused
        if (r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0) return false;
        const s = getComputedStyle(el);
        return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
      };
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      // wrapped text: an element whose own text runs over more than one line
      const lines = (el: Element) => {
        const tops = new Set<number>();
        for (const n of Array.from(el.childNodes)) {
          if (n.nodeType !== Node.TEXT_NODE || !n.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of Array.from(range.getClientRects())) {
            if (r.width > 0) tops.add(Math.round(r.top));
          }
        }
        return tops.size;
      };
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.closest('svg, script, style, noscript, template, [aria-hidden="true"]')) continue;
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < minText && lines(el) > 1) {
          out.push({ kind: 'text', what: name(el), width: r.width, height: r.height });
        }
      }
      const targets = 'a[href], button, input:not([type=hidden]), select, [role=button], summary';
      for (const el of Array.from(root.querySelectorAll(targets))) {
        if (!visible(el) || (el as HTMLButtonElement).disabled) continue;
        // a checkbox or a radio is tapped through its label
        const type = el.getAttribute('type');
        const box =
          (type === 'checkbox' || type === 'radio') && el.closest('label')
            ? el.closest('label')!.getBoundingClientRect()
            : el.getBoundingClientRect();
        if (box.width + 0.5 < minTap || box.height + 0.5 < minTap) {
          out.push({ kind: 'tap', what: name(el), width: box.width, height: box.height });
        }
      }
      // nothing scrolls sideways: name the widest element past the right edge
      const page = document.scrollingElement ?? document.documentElement;
      if (page.scrollWidth > window.innerWidth + 1) {
        let widest: Element | null = null;
        for (const el of Array.from(document.body.querySelectorAll('*'))) {
          const r = el.getBoundingClientRect();
          if (
            r.right > window.innerWidth + 1 &&
            (!widest || r.width > widest.getBoundingClientRect().width)
          )
            widest = el;
        }
        out.push({
          kind: 'overflow',
          what: widest ? `${name(widest)} .${widest.className}` : 'page',
          width: page.scrollWidth,
          height: 0,
        });
      }
      return out;
    },
    { minText: MIN_TEXT_COLUMN_PX, minTap: MIN_TAP_PX },
  );
  const lines = misfits.map(
    (m) =>
      `${m.kind === 'text' ? 'text column' : m.kind === 'tap' ? 'tap target' : 'page scrolls sideways to'} ${Math.round(m.width)}x${Math.round(m.height)} px: ${m.what}`,
  );
  expect(lines, `${screen} on a phone (${page.url()})`).toEqual([]);

  const axe = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${screen}: axe`).toEqual([]);
}
