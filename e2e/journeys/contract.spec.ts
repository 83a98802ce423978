// Contract tests of independent releases: every route mf-catalog owns, with the shell and the
// remote from different releases, in both directions; each pair walks every route once, a third
// of them in each of es, en and fr (every language met by every pair). A route fails on the
// unavailable panel, a page error, a console error or warning (Module Federation's version
// warnings are console warnings). A deliberately skewed pair must fail.
import type { Browser } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { CourseSummary, FormationSummary } from '@circo/shared-contracts';
import { pathTo, routesOf } from '../../shared-contracts/src/routes';
import { baseCommit, buildAtCommit, fixturesDir, serveComposition } from '../support/contract';
import { baseURL, contractPort, repoRoot } from '../support/env';
import { expect, test, remoteArea, type Lang } from '../support/fixtures';

const LANGS: Lang[] = ['es', 'en', 'fr'];

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A concrete path for every route mf-catalog owns, with items visible in every language. */
async function catalogPaths(): Promise<string[]> {
  const visibleEverywhere = async <T extends { _id: string }>(path: string) => {
    const lists = await Promise.all(LANGS.map((l) => api<T[]>(`${path}?lang=${l}`)));
    return lists[0].find((item) => lists.every((list) => list.some((i) => i._id === item._id)));
  };
  const course = await visibleEverywhere<CourseSummary>('/courses/visible');
  const formation = await visibleEverywhere<FormationSummary>('/formations');
  expect(course, 'a course visible in es, en and fr').toBeDefined();
  expect(formation, 'a formation visible in es, en and fr').toBeDefined();
  // a certificate's check page needs a code a student was given: certificates.spec.ts walks it
  const walkable = routesOf('mf_catalog').filter((r) => r.id !== 'certificate');
  return walkable.map((r) => {
    const path = pathTo(r.path, { id: r.id === 'courseDetail' ? course!._id : formation!._id });
    return r.id === 'search' ? `${path}?q=circo` : path;
  });
}

/** Walks `paths` on `origin` in `lang`; the problems found, one line each. */
async function walk(browser: Browser, origin: string, lang: Lang, paths: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // the top page only: embedded players' frames may not touch storage
  await page.addInitScript((l) => {
    if (window.top === window) localStorage.setItem('lang', l);
  }, lang);
  const problems: string[] = [];
  let at = '';
  page.on('console', (m) => {
    // the journeys block the service worker (playwright.config.ts); Playwright says so itself
    if (m.text() === 'Service Worker registration blocked by Playwright') return;
    if (m.type() === 'error' || m.type() === 'warning') {
      problems.push(`${lang} ${at}: console ${m.type()}: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`${lang} ${at}: page error: ${e.message}`));
  const panel = page.getByTestId('remote-unavailable');
  try {
    for (const path of paths) {
      at = path;
      await page.goto(`${origin}${path}`);
      await expect(remoteArea(page, 'mf_catalog').or(panel).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (await panel.isVisible()) problems.push(`${lang} ${path}: the unavailable panel`);
      else await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  } finally {
    await context.close();
  }
  return problems;
}

const base = () => buildAtCommit(baseCommit().sha, ['shell', 'mf-catalog']);
/** The third of the catalogue's routes walked in the `turn`-th language. */
const third = async (turn: number) => (await catalogPaths()).filter((_, i) => i % 3 === turn);
const current = (app: string) => join(repoRoot, app, 'dist');

test.describe('the current shell with the current mf-catalog', () => {
  LANGS.forEach((lang, i) => {
    test(`a third of the catalogue routes in ${lang}`, async ({ browser }) => {
      test.setTimeout(90_000);
      expect(await walk(browser, baseURL, lang, await third(i))).toEqual([]);
    });
  });
});

test.describe('the previously released shell with the current mf-catalog', () => {
  LANGS.forEach((lang, i) => {
    test(`a third of the catalogue routes in ${lang}`, async ({ browser }) => {
      test.setTimeout(90_000);
      const app = await serveComposition(contractPort(i), base().shell, {
        mf_catalog: current('mf-catalog'),
      });
      try {
        expect(await walk(browser, app.url, lang, await third(i))).toEqual([]);
      } finally {
        await app.close();
      }
    });
  });
});

test.describe('the current shell with the previously released mf-catalog', () => {
  LANGS.forEach((lang, i) => {
    test(`a third of the catalogue routes in ${lang}`, async ({ browser }) => {
      test.setTimeout(90_000);
      const app = await serveComposition(contractPort(3 + i), current('shell'), {
        mf_catalog: base()['mf-catalog'],
      });
      try {
        expect(await walk(browser, app.url, lang, await third(i))).toEqual([]);
      } finally {
        await app.close();
      }
    });
  });
});

test('a skewed mf-catalog (needs a shared-web export the shell lacks) fails the contract and release:check', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const skewed = join(fixturesDir, 'skewed-mf-catalog');
  const check = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/release-check.mjs'), 'mf_catalog', join(skewed, 'mf-manifest.json')],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(check.status).toBe(1);
  expect(check.stderr).toContain('imports formatDuration from @circo/shared-web');

  const app = await serveComposition(contractPort(6), current('shell'), { mf_catalog: skewed });
  try {
    const problems = await walk(browser, app.url, 'es', ['/', '/cursos']);
    // the home page does not use the missing export; the courses page does
    expect(problems.filter((p) => p.startsWith('es /:'))).toEqual([
      expect.stringMatching(/console warning: .*@circo\/shared-web.*\^\d+\.\d+\.0/),
    ]);
    expect(problems).toContain('es /cursos: the unavailable panel');
    expect(problems).toContainEqual(
      expect.stringMatching(/es \/cursos: console error: .*formatDuration/),
    );
  } finally {
    await app.close();
  }
});
