import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/** The smallest tap target a thumb hits without a miss (WCAG 2.5.5, Apple's and Google's 44-48). */
export const MIN_TAP = 44;
/** The narrowest box a wrapped text may have: under it, words split a letter or two a line. */
export const MIN_TEXT_COLUMN = 120;
/** A text this short may sit in a narrow box ("Sí", a count): longer ones must not wrap there. */
const SHORT_TEXT = 4;

/** Where the screenshots go (looked at by a person, never committed). */
const shotsDir = () => process.env.PHONE_SHOTS_DIR ?? test.info().outputPath('phone');

interface Misfit {
  what: string;
  width: number;
  height: number;
  text: string;
}

/**
 * Checks that the page, as it shows now, fits a phone: a full-page screenshot named `screen`
 * (under the test's output, or PHONE_SHOTS_DIR), then every visible text that wraps over more than
 * one line in a box under MIN_TEXT_COLUMN px wide, and every visible tap target (link, button,
 * field, select, summary, role=button) under MIN_TAP x MIN_TAP px, fail the test, listed.
 * Exempt, as WCAG 2.5.8 exempts them: a link inside a sentence, and a native radio or checkbox
 * whose label (the thing tapped) is big enough; a visually hidden field is measured by its label.
 */
export async function expectPhoneFit(page: Page, screen: string): Promise<void> {
  const dir = shotsDir();
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: join(dir, `${screen.replace(/[^\w.-]+/g, '-')}.png`),
    fullPage: true,
  });
  if (process.env.PHONE_SHOTS_SLICES) {
    // a screen at a time too, for a person to read at its real size
    const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < total; y += height, i++) {
      await page.screenshot({
        path: join(dir, `${screen.replace(/[^\w.-]+/g, '-')}.${i}.png`),
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(height, total - y) },
      });
    }
  }

  const misfits = await page.evaluate(
    ({ minTap, minText, shortText }) => {
      const out: Misfit[] = [];
      const describe = (el: Element) => {
        const id = el.id ? `#${el.id}` : '';
        const cls =
          typeof el.className === 'string' && el.className.trim()
            ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
            : '';
        return `${el.tagName.toLowerCase()}${id}${cls}`;
      };
      const hidden = (el: Element): boolean => {
        if (el.closest('.visually-hidden, [hidden], [aria-hidden="true"]')) return true;
        // the content of a closed disclosure is not on screen
        if (el.closest('details:not([open]) > :not(summary)')) return true;
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
        const s = getComputedStyle(el);
        if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0)
          return true;
        // off the page to the side (a skip link until focused)
        return r.right <= 0 || r.left >= document.documentElement.scrollWidth;
      };
      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);

      // ---- tap targets
      const targets = document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
      );
      for (const el of targets) {
        let box = el.getBoundingClientRect();
        const input = el instanceof HTMLInputElement ? el : null;
        const label = input?.labels?.[0] ?? null;
        if (input && label && (hidden(el) || /^(radio|checkbox)$/.test(input.type))) {
          // the label is what is tapped (a visible file field is tapped itself)
          if (hidden(label)) continue;
          box = label.getBoundingClientRect();
        } else if (hidden(el)) {
          continue;
        }
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
          // a link inside a sentence: text beside it in the same line of prose
          const prose = [...(el.parentNode?.childNodes ?? [])].some(
            (n) => n !== el && n.nodeType === Node.TEXT_NODE && /\w/.test(n.textContent ?? ''),
          );
          if (prose) continue;
        }
        if (box.width < minTap - 0.5 || box.height < minTap - 0.5) {
          out.push({
            what: `tap target ${describe(el)}`,
            width: Math.round(box.width),
            height: Math.round(box.height),
            text: text(el) || el.getAttribute('aria-label') || '',
          });
        }
      }

      // ---- text columns: a text node that wraps in a narrow box
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const words = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (words.length <= shortText) continue;
        let box = n.parentElement;
        if (!box || seen.has(box) || box.closest('script, style, noscript, svg')) continue;
        if (hidden(box)) continue;
        // the column the text flows in: the nearest box that is not inline
        while (box.parentElement && getComputedStyle(box).display.startsWith('inline'))
          box = box.parentElement;
        if (seen.has(box)) continue;
        seen.add(box);
        const range = document.createRange();
        range.selectNodeContents(n);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const r = box.getBoundingClientRect();
        if (lines > 1 && r.width < minText) {
          out.push({
            what: `text column ${describe(box)}`,
            width: Math.round(r.width),
            height: Math.round(r.height),
            text: words.slice(0, 60),
          });
        }
      }
      return out;
    },
    { minTap: MIN_TAP, minText: MIN_TEXT_COLUMN, shortText: SHORT_TEXT },
  );

  // sideways scrolling is a misfit of its own
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  // soft: a journey walking several screens reports every screen's misfits, not the first one's
  expect
    .soft(
      { screen, misfits, sidewaysScroll: overflow > 1 ? overflow : 0 },
      `${screen}: every text column at least ${MIN_TEXT_COLUMN} px wide, every tap target at least ${MIN_TAP}x${MIN_TAP} px, nothing scrolling sideways`,
    )
    .toEqual({ screen, misfits: [], sidewaysScroll: 0 });
}
