// What a visitor, a student and the coach tripped over: a course shown in English without
// its English content, a search of one or two letters, the class video squeezed on a phone, and a
// row's "Editar" that opened the read-only panel. (The 3-D Secure return to the buyer's own origin
// is in checkout.spec.ts.)
import type { Locator } from '@playwright/test';
import { AdminManager } from '../pages/AdminPages';
import { MyCoursesPage, ViewerPage } from '../pages/learning';
import { baseURL } from '../support/env';
import { apiLogin, DEMO, expect, loginAs, test, useLanguage } from '../support/fixtures';

const unique = () => Math.random().toString(36).slice(2, 8);

test('a Spanish-only course cannot be shown in English, and an English visitor meets no blank card', async ({
  page,
  request,
  browser,
}) => {
  const name = `Zancos ${unique()}`;
  const token = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const created = await request.post(`${baseURL}/api/courses`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: { es: name, en: '', fr: '' },
      description: { es: '<p>Un curso de zancos, solo en español.</p>', en: '', fr: '' },
      price: 25,
      image: { es: '/api/content/images/trapeze.svg', en: null, fr: null },
    },
  });
  expect(created.status()).toBe(201);

  await loginAs(page, request, 'admin');
  await page.goto('/admin/cursos');
  const admin = new AdminManager(page);
  await admin.row(name).getByRole('button', { name, exact: true }).click();
  await admin.tab('Inglés', admin.panel());
  await admin.panel().getByRole('button', { name: 'Mostrar en Inglés' }).click();
  await expect(admin.panel().getByRole('alert')).toHaveText(
    'Falta completar la información en: Inglés',
  );
  await expect(admin.panel().getByRole('button', { name: 'Mostrar en Inglés' })).toBeVisible();
  await expect(admin.row(name)).toContainText('Inglés');

  // an English visitor: every card has its title, text and picture; the Spanish-only one is absent
  const visitor = await (await browser.newContext()).newPage();
  await useLanguage(visitor, 'en');
  await visitor.goto('/cursos');
  const cards = visitor.getByTestId('course-card');
  await expect(cards.first()).toBeVisible();
  // (read at once: the list may be re-rendered while other journeys change the catalogue)
  const blank = () =>
    cards.evaluateAll((all) =>
      all
        .map((card) => ({
          title: card.querySelector('.cat-card__title')?.textContent?.trim() ?? '',
          text: card.querySelector('.cat-card__text')?.textContent?.trim() ?? '',
          image: card.querySelector('img')?.getAttribute('src') ?? '',
        }))
        .filter((c) => !c.title || !c.text || !c.image),
    );
  expect(await blank()).toEqual([]);
  await expect(visitor.getByText(name)).toHaveCount(0);
  await visitor.goto(`/buscar?q=${encodeURIComponent(name)}`);
  await expect(visitor.getByTestId('search-empty')).toBeVisible();
  await visitor.context().close();

  // in Spanish it is there
  const spanish = await (await browser.newContext()).newPage();
  await useLanguage(spanish, 'es');
  await spanish.goto('/cursos');
  await expect(spanish.getByTestId('course-card').filter({ hasText: name })).toBeVisible();
  await spanish.context().close();
});

test('a search of one or two letters answers, formations first', async ({ page }) => {
  await useLanguage(page, 'es');
  for (const q of ['ro', 'a']) {
    await page.goto(`/buscar?q=${q}`);
    const results = page.getByTestId('search-results');
    await expect(results).toBeVisible();
    // the demo catalogue has formations and courses with these letters: formations come first
    await expect(results.locator('li').first()).toHaveAttribute('data-testid', 'formation-card');
    await expect(results.getByTestId('course-card').first()).toBeVisible();
  }
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the class video takes the width of the screen with its own aspect ratio, its text below', async ({
    page,
    request,
  }) => {
    await loginAs(page, request, 'student');
    const myCourses = new MyCoursesPage(page);
    await myCourses.open();
    await myCourses.section('activeFormations').getByRole('link').first().click();
    const viewer = new ViewerPage(page);
    await expect(viewer.classPills().first()).toBeVisible();
    await viewer.classPills().first().click();
    const videos = page.getByTestId('video-list');
    await videos.getByRole('button', { name: 'Ver vídeo' }).first().click();
    const video = videos.locator('video').first();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const own = await video.evaluate((v: HTMLVideoElement) => v.videoWidth / v.videoHeight);
    const box = (await video.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(0.9 * 390);
    expect(box.width / box.height).toBeCloseTo(own, 1);
    // the video's title and description come below it, not beside it
    const text = (await videos.locator('.learn-media__item strong').first().boundingBox())!;
    expect(text.y).toBeGreaterThanOrEqual(box.y + box.height);
    // no sideways scrolling
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test("a row's Editar opens the form in every manager", async ({ page, request }) => {
  await loginAs(page, request, 'admin');
  const admin = new AdminManager(page);
  /** Clicks the row's "Editar" and expects the panel's form, not its read-only view. */
  const editOpensForm = async (row: Locator) => {
    await row.getByRole('button', { name: 'Editar', exact: true }).click();
    await expect(admin.panel().getByRole('button', { name: 'Guardar' })).toBeVisible();
    await expect(admin.panel().getByRole('button', { name: 'Editar', exact: true })).toHaveCount(0);
    await admin.panel().getByRole('button', { name: 'Cancelar' }).click();
    await expect(admin.panel().getByRole('button', { name: 'Editar', exact: true })).toBeVisible();
  };
  // an item with children (other journeys add items without any, newest first)
  // (the button reads "Plegar ..." once expanded)
  const withChildren = (testId: string, children: RegExp) =>
    page
      .getByTestId(testId)
      .filter({ has: page.getByRole('button', { name: children }) })
      .first();

  await page.goto('/admin/cursos');
  const course = withChildren('course-item', /^(Ver [1-9]\d* clases?|Plegar clases)$/);
  await editOpensForm(course.getByTestId('course-row'));
  await course.getByRole('button', { name: /^Ver [1-9]\d* clases?$/ }).click();
  await editOpensForm(course.getByTestId('class-row').first());

  await page.goto('/admin/formaciones-online');
  const formation = withChildren('formation-item', /^(Ver [1-9]\d* módulos?|Plegar módulos)$/);
  await editOpensForm(formation.getByTestId('formation-row'));
  await formation.getByRole('button', { name: /^Ver [1-9]\d* módulos?$/ }).click();
  const module = withChildren('module-item', /^(Ver [1-9]\d* clases?|Plegar clases)$/);
  await editOpensForm(module.getByTestId('module-row'));
  await module.getByRole('button', { name: /^Ver [1-9]\d* clases?$/ }).click();
  await editOpensForm(module.getByTestId('class-row').first());

  await page.goto('/admin/bonos');
  await editOpensForm(page.getByTestId('voucher-row').first());
  await page.goto('/admin/formaciones-presenciales');
  await editOpensForm(page.getByTestId('presential-row').first());
});
