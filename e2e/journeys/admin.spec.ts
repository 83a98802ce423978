import { expect, test } from '@playwright/test';
import { AdminManager } from '../pages/AdminPages';
import { loginAs, useLanguage } from '../support/fixtures';

const unique = () => Math.random().toString(36).slice(2, 8);
// a same-origin image: the page's CSP admits it, so later journeys walk these pages without console errors
const IMAGE = '/api/content/images/juggling.svg';

test('an admin creates a course with a class, shows it in English and a visitor finds it on /cursos', async ({
  page,
  request,
  browser,
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
  await admin.fill(/Imagen de presentación/, IMAGE);
  await admin.fill(/Precio/, '45');
  await admin.tab('Inglés');
  await admin.fill(/^Título/, `${name} EN`);
  await admin.fill(/^Descripción/, 'Aerial silks from scratch.');
  await admin.create();

  const row = admin.row(name);
  await expect(row).toContainText('Español');
  await row.getByRole('button', { name: 'Agregar clase' }).click();
  await admin.fill(/^Título/, 'Primera clase');
  await admin.fill(/^Contenido \*/, 'Calentamiento y primeras subidas.');
  await admin.create();
  await expect(admin.panel()).toContainText('Primera clase');

  await row.getByRole('button', { name, exact: true }).click();
  await admin.tab('Inglés', admin.panel());
  await admin.panel().getByRole('button', { name: 'Mostrar en Inglés' }).click();
  await expect(admin.panel().getByRole('button', { name: 'Ocultar en Inglés' })).toBeVisible();
  await admin.screenshot('courses');

  const visitor = await browser.newPage();
  await useLanguage(visitor, 'en');
  await visitor.goto('/cursos');
  await expect(visitor.getByText(`${name} EN`)).toBeVisible();
  await visitor.close();
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
  await admin.fill(/Imagen de presentación/, IMAGE);
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
}) => {
  await loginAs(page, request, 'admin');
  const courseName = `Acro ${unique()}`;
  await page.goto('/admin/cursos');
  const admin = new AdminManager(page);
  await page.getByRole('button', { name: 'Agregar curso' }).click();
  await admin.fill(/^Título/, courseName);
  await admin.fill(/^Descripción/, 'Acrobacia en pareja.');
  await admin.fill(/Imagen de presentación/, IMAGE);
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
  const visitor = await browser.newPage();
  await visitor.goto(`/courses/${course._id}`);
  await expect(visitor.getByTestId('discount-countdown')).toContainText(`Bono ${courseName}`);
  await expect(visitor.getByText(/75[.,]00/).first()).toBeVisible();
  await visitor.close();
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
