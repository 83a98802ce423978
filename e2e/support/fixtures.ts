import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from './env';

export type Lang = 'es' | 'en' | 'fr';

/** Demo accounts created by the seed. */
export const DEMO = {
  admin: { email: 'admin@circo.local', password: 'Admin1234!' },
  student: { email: 'alumno@circo.local', password: 'Alumno1234' },
} as const;

/** Opens every page of this browser context in `lang` (localStorage `lang`, as a returning visitor). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-lang-set')) {
      localStorage.setItem('lang', l);
      sessionStorage.setItem('e2e-lang-set', '1');
    }
  }, lang);
}

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Logs the browser in as a demo account by storing its token, as the login page does. */
export async function loginAs(
  page: Page,
  request: APIRequestContext,
  who: keyof typeof DEMO,
): Promise<string> {
  const token = await apiLogin(request, DEMO[who].email, DEMO[who].password);
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
  return token;
}

/** The area a remote renders into. */
export const remoteArea = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`);

/** Collects the URLs the page requests. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}
