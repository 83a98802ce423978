import type { Page } from '@playwright/test';
import { expect, test, useLanguage, type Lang } from '../support/fixtures';

// The installable app: its manifest and icons, one service worker at /sw.js (never cached by the
// browser's HTTP cache), registered after the page's load, and a page that opens with no network
// (the cached shell, with the offline banner).

test.use({ serviceWorkers: 'allow' });

const OFFLINE: Record<Lang, string> = {
  es: 'Sin conexión.',
  en: 'You are offline.',
  fr: 'Vous êtes hors ligne.',
};

/** Waits until the worker controls `page` (the first one takes the page it was registered from). */
async function controlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    }
    return reg.scope;
  });
}

test('the manifest names the app, its start page and its icons, and every page links it', async ({
  page,
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Circo Coach',
    start_url: '/mis-cursos',
    display: 'standalone',
    theme_color: '#7a1f3d',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  for (const path of ['/', '/cursos', '/login', '/mis-cursos']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
  }
});

test('/sw.js is served fresh every time, with scope /', async ({ page, request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['content-type']).toContain('javascript');
  await page.goto('/');
  expect(await controlled(page)).toBe(new URL('/', page.url()).href);
});

for (const lang of ['es', 'en', 'fr'] as const) {
  test(`with no network a page opens from the cached shell, with the offline banner (${lang})`, async ({
    page,
    context,
  }) => {
    await useLanguage(page, lang);
    await page.goto('/cursos');
    await controlled(page);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toContainText(OFFLINE[lang]);
    await expect(page.locator('header')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
}
