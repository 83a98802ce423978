import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AdminManager } from '../pages/AdminPages';
import { expect, test, loginAs, useLanguage } from '../support/fixtures';
import { pdfFile, pngFile } from '../support/files';
import { dataDir } from '../support/env';

const unique = () => Math.random().toString(36).slice(2, 8);

test('an admin creates a course with a class, shows it in English and a visitor finds it on /cursos', async ({
  page,
  request,
  browser,
  a11y,
}) => {
  const name = `Telas ${unique()}`;
  await loginAs(page, request, 'admin');
  await page.goto('/admin');
  await page.getByRole('link', { name: /Cursos y sus clases/ }).click();
  await expect(page).toHaveURL(/\/admin\/cursos$/);
  const admin = new AdminManager(page);

  await page.getByRole('button', { name: 'Agregar curso' }).click();
  // the Spanish rules, with the first invalid field focused
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(admin.dialog().getByText('El título en español es obligatorio')).toBeVisible();
  await expect(admin.dialog().getByLabel(/^Título/)).toBeFocused();
  await admin.fill(/^Título/, name);
  await expect(admin.dialog().getByText('El título en español es obligatorio')).toBeHidden();
  await admin.fill(/^Descripción/, 'Un curso de telas aéreas desde cero.');
  await admin.upload(/^Imagen/, pngFile());
  await admin.upload(/^PDF/, pdfFile());
  await admin.fill(/Precio/, '45');
  await admin.tab('Inglés');
  await admin.fill(/^Título/, `${name} EN`);
  await admin.fill(/^Descripción/, 'Aerial silks from scratch.');
  // images are per language: the English page shows the English one
  await admin.upload(/^Imagen/, pngFile('cover-en.png'));
  await admin.create();

  const row = admin.row(name);
  await expect(row).toContainText('Español');
  await row.getByRole('button', { name: 'Agregar clase' }).click();
  await admin.fill(/^Título/, 'Primera clase');
  await admin.fill(/^Contenido \*/, 'Calentamiento y primeras subidas.');
  await admin.dialog().getByRole('button', { name: 'Agregar PDF' }).click();
  await admin.fill(
    'Título',
    'Guía de la clase',
    admin.dialog().getByRole('group', { name: 'PDFs' }),
  );
  await admin.upload('Archivo PDF', pdfFile('guia.pdf'));
  await admin.create();
  await expect(admin.panel()).toContainText('Primera clase');

  await row.getByRole('button', { name, exact: true }).click();
  await admin.tab('Inglés', admin.panel());
  await admin.panel().getByRole('button', { name: 'Mostrar en Inglés' }).click();
  await expect(admin.panel().getByRole('button', { name: 'Ocultar en Inglés' })).toBeVisible();
  await admin.screenshot('courses');

  // a context of its own (axe-core cannot check a page from browser.newPage())
  const visitor = await (await browser.newContext()).newPage();
  a11y.watch(visitor);
  await useLanguage(visitor, 'en');
  await visitor.goto('/cursos');
  await expect(visitor.getByText(`${name} EN`)).toBeVisible();
  // the uploaded image is served and shown
  const image = visitor.locator(`img[src*="/api/files/public/ImagenesCursos/"]`).first();
  await expect(image).toBeVisible();
  // visible is not loaded yet (the card's image is lazy and decoded off the main thread)
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(64);
  await a11y.check(visitor);
  await visitor.context().close();
});

test('an admin builds a formation with a module and two classes and reorders the classes', async ({
  page,
  request,
}) => {
  const name = `Formación ${unique()}`;
  await loginAs(page, request, 'admin');
  await page.goto('/admin/formaciones-online');
  const admin = new AdminManager(page);
  await page.getByRole('button', { name: 'Agregar formación' }).click();
  await admin.fill(/^Título/, name);
  await admin.fill(/^Descripción/, 'Programa completo.');
  await admin.upload(/^Imagen/, pngFile());
  await admin.fill(/Precio/, '0');
  await admin.create();

  const formation = admin.row(name);
  await formation.getByRole('button', { name: 'Agregar módulo' }).click();
  await admin.fill(/^Título/, 'Módulo uno');
  await admin.fill(/^Descripción/, 'Bases');
  await admin.create();
  await formation.getByRole('button', { name: /Ver 1 módulo/ }).click();
  const module = admin.row('Módulo uno');
  for (const cls of ['Clase A', 'Clase B']) {
    await module.getByRole('button', { name: 'Agregar clase' }).click();
    await admin.fill(/^Título/, cls);
    await admin.fill(/^Contenido \*/, `Contenido de ${cls}`);
    await admin.create();
  }
  const classes = page.getByRole('list', { name: 'Clases de Módulo uno' });
  await expect(classes.getByTestId('class-row')).toHaveText([/Clase A/, /Clase B/]);
  await page.getByRole('button', { name: 'Bajar «Clase A»' }).click();
  await expect(classes.getByTestId('class-row')).toHaveText([/Clase B/, /Clase A/]);
  await admin.screenshot('formations');

  await admin.row('Clase B').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog')).toContainText('¿Eliminar clase?');
  await expect(page.getByRole('dialog')).toContainText('Esta acción no se puede deshacer.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
});

test('an admin creates a voucher for a course and a visitor sees its banner and price', async ({
  page,
  request,
  browser,
  a11y,
}) => {
  await loginAs(page, request, 'admin');
  const courseName = `Acro ${unique()}`;
  await page.goto('/admin/cursos');
  const admin = new AdminManager(page);
  await page.getByRole('button', { name: 'Agregar curso' }).click();
  await admin.fill(/^Título/, courseName);
  await admin.fill(/^Descripción/, 'Acrobacia en pareja.');
  await admin.upload(/^Imagen/, pngFile());
  await admin.fill(/Precio/, '100');
  await admin.create();

  await page.goto('/admin/bonos');
  await page.getByRole('button', { name: 'Crear bono' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  const dialog = admin.dialog();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(dialog.getByText('Debe ingresar al menos un descuento (% o monto)')).toBeVisible();
  await expect(dialog.getByText('Debe seleccionar al menos un curso o formación')).toBeVisible();
  await admin.fill(/^Nombre/, `Bono ${courseName}`);
  await admin.fill(/Porcentaje/, '25');
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await admin.fill(/Válido desde/, today);
  await admin.fill(/Válido hasta/, later);
  await dialog.getByLabel(courseName).check();
  await admin.create();
  await expect(
    page.getByTestId('voucher-row').filter({ hasText: `Bono ${courseName}` }),
  ).toContainText('Vigente');
  await admin.screenshot('vouchers');

  const courses = (await (await request.get('/api/courses/visible?lang=es')).json()) as Array<{
    _id: string;
    title: { es: string };
  }>;
  const course = courses.find((c) => c.title.es === courseName)!;
  // a context of its own (axe-core cannot check a page from browser.newPage())
  const visitor = await (await browser.newContext()).newPage();
  a11y.watch(visitor);
  await visitor.goto(`/courses/${course._id}`);
  await expect(visitor.getByTestId('discount-countdown')).toContainText(`Bono ${courseName}`);
  await expect(visitor.getByText(/75[.,]00/).first()).toBeVisible();
  await a11y.check(visitor);

  // the voucher's panel, then its deletion: gone from the list and from the course's price
  const voucher = `Bono ${courseName}`;
  await admin.row(voucher).getByRole('button', { name: voucher, exact: true }).click();
  await expect(admin.panel().getByRole('heading', { name: voucher })).toBeVisible();
  await expect(admin.panel()).toContainText('25 %');
  await admin.row(voucher).getByRole('button', { name: 'Eliminar' }).click();
  await expect(admin.dialog()).toContainText('¿Eliminar bono?');
  await expect(admin.dialog()).toContainText(voucher);
  await admin.dialog().getByRole('button', { name: 'Eliminar' }).click();
  await expect(admin.dialog()).toBeHidden();
  await expect(page.getByTestId('voucher-row').filter({ hasText: voucher })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: courseName, level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('discount-countdown')).toHaveCount(0);
  await visitor.context().close();
});

test('in-person trainings need every language: the missing ones are named', async ({
  page,
  request,
}) => {
  await loginAs(page, request, 'admin');
  await page.goto('/admin/formaciones-presenciales');
  const admin = new AdminManager(page);
  await page.getByRole('button', { name: 'Agregar formación presencial' }).click();
  await admin.fill(/^Título/, 'Taller intensivo');
  await admin.fill(/^Descripción/, 'Dos días de trabajo.');
  await admin.fill(/^Ubicación/, 'Madrid');
  await admin.fill(/^Fecha/, '2031-05-01');
  await admin.dialog().getByRole('button', { name: 'Crear' }).click();
  await expect(
    admin.dialog().getByText('Falta completar la información en: Inglés, Francés'),
  ).toBeVisible();
  await admin.screenshot('presential');
});

test('a student at /admin is sent to /login and told why', async ({ page, request }) => {
  await loginAs(page, request, 'student');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('logged-in-notice')).toContainText(
    'Has iniciado sesión como alumno@circo.local, que no tiene acceso a esta página. Inicia sesión con una cuenta de administrador.',
  );
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a cancelled edit leaves no uploaded file behind', async ({ page, request }) => {
  const name = `Malabares ${unique()}`;
  await loginAs(page, request, 'admin');
  await page.goto('/admin/cursos');
  const admin = new AdminManager(page);
  await page.getByRole('button', { name: 'Agregar curso' }).click();
  await admin.fill(/^Título/, name);
  await admin.fill(/^Descripción/, 'Tres pelotas.');
  await admin.upload(/^Imagen/, pngFile());
  await admin.fill(/Precio/, '30');
  await admin.create();

  await admin.row(name).getByRole('button', { name, exact: true }).click();
  await admin.panel().getByRole('button', { name: 'Editar' }).click();
  const form = admin.panel();
  // the spec's preconditions of an upload
  await form.getByRole('group', { name: /^PDF/ }).getByRole('button', { name: 'Subir' }).click();
  await expect(form.getByText('Debes escribir un título y seleccionar un PDF.')).toBeVisible();
  await admin.upload(/^PDF/, pdfFile('borrador.pdf'), form);
  const href = await form
    .getByRole('group', { name: /^PDF/ })
    .getByRole('link', { name: 'Ver el archivo actual' })
    .getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/public\/pdfs\/[0-9a-f-]{36}\.pdf$/);
  expect((await request.get(href!)).status()).toBe(200);
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form.getByRole('button', { name: 'Editar' })).toBeVisible();
  // the file is gone: from the disk and from what the API serves
  await expect.poll(async () => (await request.get(href!)).status()).toBe(404);
  expect(
    existsSync(join(dataDir, 'uploads', 'public', href!.replace('/api/files/public/', ''))),
  ).toBe(false);
  // the course keeps its image
  await expect(
    admin.panel().locator('img[src*="/api/files/public/ImagenesCursos/"]').first(),
  ).toBeVisible();
});
