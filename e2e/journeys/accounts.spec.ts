import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { outboxDir } from '../support/env';
import { expect, test, useLanguage } from '../support/fixtures';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A mail of the outbox, or null while another test's mail is still being written. */
function readMail(path: string): { to: string; text: string } | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { to: string; text: string };
  } catch {
    return null;
  }
}

/** The newest reset link mailed to `email` (the local outbox stands in for SMTP). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      // the outbox folder appears with the server's first mail
      const mails = (existsSync(outboxDir) ? readdirSync(outboxDir) : [])
        .sort()
        .map((f) => readMail(join(outboxDir, f)));
      link = mails
        .filter((m) => m?.to === email)
        .at(-1)
        ?.text.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('a visitor registers, lands on the success page, logs in, sees My Courses and logs out', async ({
  page,
}) => {
  const email = `ana-${unique()}@example.com`;
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
  await expect(page.getByText('El correo electrónico es obligatorio.')).toBeVisible();
  await expect(
    page.getByText('Debe tener 8 caracteres, una mayúscula, una minúscula y un número.'),
  ).toBeVisible();
  await expect(page.getByText('Repite la contraseña.')).toBeVisible();

  await page.getByLabel('Nombre').fill('Ana');
  await expect(page.getByText('El nombre es obligatorio.')).toHaveCount(0); // errors clear while typing
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
  await page.getByLabel('Repetir contraseña').fill('Secreta124');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('Correo electrónico no válido.')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();

  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Repetir contraseña').fill('Secreta123');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('Usuario creado con éxito. Ya puedes iniciar sesión.')).toBeVisible();
  await expect(page).toHaveURL(/\/registro-exitoso$/, { timeout: 5000 });
  await expect(page.getByTestId('register-success')).toContainText('¡Registro exitoso!');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await page.getByRole('link', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('Equivocada1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Error al iniciar sesión. Verifica tus credenciales e inténtalo de nuevo.',
  );
  await page.getByLabel('Contraseña').fill('Secreta123');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('link', { name: 'Mis cursos' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('link', { name: 'Mis cursos' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('forgot password: the mail arrives in the outbox, the reset works once, the new password logs in', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'en');
  const email = `reset-${unique()}@example.com`;
  const created = await request.post('/api/users', {
    data: { name: 'Reset', surname: 'Me', email, password: 'Original123' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/olvidaste-tu-contraseña');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText("We've sent you an email with instructions to reset your password."),
  ).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password').fill('weak');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText('Must have 8 characters, an uppercase, a lowercase and a number.'),
  ).toBeVisible();
  await page.getByLabel('New password').fill('Renovada456');
  await page.getByLabel('Confirm password').fill('Renovada456');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password updated successfully. You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Renovada456');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();

  // the link cannot be used twice
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password').fill('Otra123456');
  await page.getByLabel('Confirm password').fill('Otra123456');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText('This link is invalid or has expired. Please ask for a new one.'),
  ).toBeVisible();
});

test('a stored token whose profile cannot be loaded is dropped', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('token', 'not.a.token'));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
