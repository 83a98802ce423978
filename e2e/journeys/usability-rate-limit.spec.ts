// Past the rate limit of the account forms the API answers 429: the forms tell the user to wait,
// in es, en and fr. The shared e2e server has limits of 1000 per minute (many journeys
// log in from one address), so this journey starts its own server with tiny limits.
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { startOwnServer, type OwnServer } from '../support/own-server';

const port = E2E_PORT + 41;
const origin = `http://127.0.0.1:${port}`;
let server: OwnServer | undefined;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(port, '429', {
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN: '2',
    RATE_LIMIT_REGISTER: '1',
    RATE_LIMIT_FORGOT: '1',
    RATE_LIMIT_RESET: '1',
    RATE_LIMIT_WINDOW_MS: '600000',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** As a returning visitor who chose `lang`: localStorage and its cookie (the server renders it). */
async function openIn(page: Page, lang: 'es' | 'en' | 'fr', path: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await page.context().addCookies([{ name: 'lang', value: lang, url: origin }]);
  await page.goto(`${origin}${path}`);
  await expect(page.locator('main h1')).toBeVisible();
}

const WAIT = {
  es: /Demasiados intentos\. Espera \d+ segundos? y vuelve a intentarlo\./,
  en: /Too many attempts\. Please wait \d+ seconds? and try again\./,
  fr: /Trop de tentatives\. Attendez \d+ secondes? et réessayez\./,
};

test('login: wrong credentials first, then "too many attempts, wait" in es, en and fr', async ({
  page,
}) => {
  await openIn(page, 'es', '/login');
  const alert = page.getByRole('alert');
  const attempt = async () => {
    await page.locator('input[type="email"]').fill('nadie@example.com');
    await page.locator('input[type="password"]').fill('Wrong1234');
    await page.locator('main form button[type="submit"]').click();
  };
  for (let i = 0; i < 2; i++) {
    await attempt();
    await expect(alert).toContainText('credenciales');
  }
  await attempt();
  await expect(alert).toHaveText(WAIT.es);
  await expect(alert).not.toContainText('credenciales');

  for (const lang of ['en', 'fr'] as const) {
    await page.getByTestId('language-select').selectOption(lang);
    await attempt();
    await expect(alert).toHaveText(WAIT[lang]);
  }
});

test('forgot password and registration say to wait too', async ({ page }) => {
  await openIn(page, 'en', '/olvidaste-tu-contraseña');
  for (let i = 0; i < 2; i++) {
    await page.locator('input[type="email"]').fill('someone@example.com');
    await page.locator('main form button[type="submit"]').click();
    if (i === 0) await expect(page.getByRole('status').or(page.getByRole('alert'))).toBeVisible();
  }
  await expect(page.getByRole('alert')).toHaveText(WAIT.en);

  await page.goto(`${origin}/register`);
  const fill = async (n: number) => {
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Pérez');
    await page.getByLabel('E-mail').fill(`ana${n}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Abcdefg1');
    await page.getByLabel('Confirm password').fill('Abcdefg1');
    await page.locator('main form button[type="submit"]').click();
  };
  await fill(1);
  await expect(page).toHaveURL(/registro-exitoso/, { timeout: 15_000 });
  await page.goto(`${origin}/register`);
  await fill(2);
  await expect(page.getByRole('alert')).toHaveText(WAIT.en);
});
