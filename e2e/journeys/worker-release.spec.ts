import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../support/env';
import { expect, test, untilLive } from '../support/fixtures';

// A release of a remote reaches a visitor whose service worker holds the previous one: the worker
// answers a remote's entry and manifest from the network first (a stale entry would ask for
// chunks that are gone), and keeps the new ones for the next offline visit.

test.use({ serviceWorkers: 'allow' });

const NEXT = '9.9.9-next';
const MANIFEST = '/remotes/mf-catalog/mf-manifest.json';
let nextBuild = '';

test.beforeAll(() => {
  // the catalogue built again as its next release (its version only: the page it renders, and so
  // the server's first screen, stay the same)
  nextBuild = mkdtempSync(join(tmpdir(), 'circo-next-catalog-'));
  execFileSync('npx', ['rspack', 'build', '--config-name', 'client'], {
    cwd: join(repoRoot, 'mf-catalog'),
    env: { ...process.env, NODE_ENV: 'production', APP_VERSION: NEXT, MF_OUT_DIR: nextBuild },
    stdio: 'pipe',
  });
});

test.afterAll(() => {
  if (nextBuild) rmSync(nextBuild, { recursive: true, force: true });
});

/** The release version of the catalogue's manifest that the worker keeps. */
const kept = (page: Page) =>
  page.evaluate(async (url) => {
    const res = await (await caches.open('circo-entries')).match(new URL(url, location.href).href);
    return res
      ? ((await res.json()) as { metaData: { buildInfo: { buildVersion: string } } }).metaData
          .buildInfo.buildVersion
      : null;
  }, MANIFEST);

test('a newly released remote reaches a visitor whose worker cached the previous one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // the release (below) is served by the context's routes, which the worker's requests go
  // through; they are in place before the first page, as adding them later failed once when a
  // page of the context closed meanwhile ("Target page, context or browser has been closed")
  let released = false;
  await context.route('**/remotes/mf-catalog/**', async (route) => {
    const name = new URL(route.request().url()).pathname.replace('/remotes/mf-catalog/', '');
    const file = join(nextBuild, name);
    if (released && !name.includes('..') && existsSync(file)) {
      return route.fulfill({
        body: readFileSync(file),
        contentType: name.endsWith('.json') ? 'application/json' : 'text/javascript',
        headers: { 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' },
      });
    }
    return route.fallback();
  });
  await page.goto('/cursos');
  await untilLive(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    }
  });
  // a visit under the worker: it keeps the catalogue's entry and manifest of the current release
  await page.reload();
  await untilLive(page);
  await expect.poll(() => kept(page)).toBe('1.0.0');

  // the release: the catalogue's files are now the next build's (its older chunks stay served,
  // as a CDN keeps them)
  released = true;
  const manifests: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === MANIFEST) {
      void res
        .json()
        .then((m: { metaData: { buildInfo: { buildVersion: string } } }) =>
          manifests.push(m.metaData.buildInfo.buildVersion),
        );
    }
  });
  await page.reload();
  await untilLive(page);
  // the page ran the new release, and the worker keeps it now
  await expect.poll(() => manifests).toContain(NEXT);
  expect(manifests).not.toContain('1.0.0');
  await expect(page.locator('[data-remote="mf_catalog"]')).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  await expect.poll(() => kept(page)).toBe(NEXT);
});
