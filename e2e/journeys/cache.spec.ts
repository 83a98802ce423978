// The shared data layer (TanStack Query in shared-web): a catalogue list fetched once is served
// from memory when the visitor comes back to it within the cache time, whichever page was in
// between (the same remote, or the shell's own pages), and a language switch asks for the other
// language only once. The first answer of /cursos comes with the page (the server embeds it), so
// the first load asks for no list at all.
import type { Page } from '@playwright/test';
import { expect, test, remoteArea, untilLive, useLanguage } from '../support/fixtures';

/** Counts the browser's requests to GET /api/courses/visible, by language. */
function countCourseLists(page: Page): Record<string, number> {
  const counts: Record<string, number> = {};
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() === 'GET' && url.pathname === '/api/courses/visible') {
      const lang = url.searchParams.get('lang') ?? '?';
      counts[lang] = (counts[lang] ?? 0) + 1;
    }
  });
  return counts;
}

const catalog = (page: Page) => remoteArea(page, 'mf_catalog');

test('coming back to /cursos within the cache time makes no second request for the list', async ({
  page,
}) => {
  await useLanguage(page, 'es');
  const counts = countCourseLists(page);
  await page.goto('/cursos');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  // the cards are on view before any JS (the server's first screen): the app must be running
  // before its links are followed
  await untilLive(page);
  const cards = await page.getByTestId('course-card').count();
  expect(counts).toEqual({});

  // another page of the same remote, then back
  await page.locator('header').getByRole('link', { name: 'Formaciones' }).click();
  await expect(catalog(page)).toHaveAttribute('data-page', 'formations');
  await page.goBack();
  await expect(page).toHaveURL(/\/cursos$/);
  await expect(page.getByTestId('course-card')).toHaveCount(cards);

  // a page of the shell (the remote is unmounted), then back
  await page.locator('header').getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page.getByTestId('course-card')).toHaveCount(cards);
  expect(counts).toEqual({});

  // the language is part of the cache key: English once, then Spanish again from memory
  await page.getByTestId('language-select').selectOption('en');
  await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Courses');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await page.getByTestId('language-select').selectOption('es');
  await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Cursos');
  await expect(page.getByTestId('course-card')).toHaveCount(cards);
  await page.getByTestId('language-select').selectOption('en');
  await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Courses');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  expect(counts).toEqual({ en: 1 });
});
