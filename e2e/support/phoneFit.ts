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
  kind: 'text' | 'tap';
  what: string;
  width: number;
  height: number;
}

/**
 * Fails when the page, as a phone shows it, has a visible text element holding wrapped text that
 * is narrower than 120 px, or a visible tap target (a, button, input, select, [role=button],
 * summary) under 44x44 px; then runs axe as the other journeys do. `screen` names the screen in
 * the failure (and the screenshot, when PHONE_SHOTS_DIR is set).
 */
export async function expectPhoneFit(page: Page, screen: string): Promise<void> {
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${screen}.png`), fullPage: true });
  }
  const misfits = await page.evaluate(
    ({ minText, minTap }) => {
      const out: Misfit[] = [];
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) return false;
        const s = getComputedStyle(el);
        return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
      };
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      // wrapped text: an element with text of its own that runs over more than one line
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        if (el.closest('svg, script, style, noscript, template, [aria-hidden="true"]')) continue;
        const own = Array.from(el.childNodes)
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        if (own.length < 2 || !visible(el)) continue;
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
        if (r.height > line * 1.6 && r.width < minText) {
          out.push({ kind: 'text', what: name(el), width: r.width, height: r.height });
        }
      }
      const targets = 'a[href], button, input:not([type=hidden]), select, [role=button], summary';
      for (const el of Array.from(document.body.querySelectorAll(targets))) {
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
      return out;
    },
    { minText: MIN_TEXT_COLUMN_PX, minTap: MIN_TAP_PX },
  );
  const lines = misfits.map(
    (m) =>
      `${m.kind === 'text' ? 'text column' : 'tap target'} ${Math.round(m.width)}x${Math.round(m.height)} px: ${m.what}`,
  );
  expect(lines, `${screen} on a phone (${page.url()})`).toEqual([]);

  const axe = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${screen}: axe`).toEqual([]);
}
