import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../support/env';
import { DEMO, apiLogin, expect, test, useLanguage, type Lang } from '../support/fixtures';
import { ViewerPage } from '../pages/learning';

const TEXT: Record<
  Lang,
  {
    download: string;
    verify: string;
    valid: string;
    revoked: string;
    reason: string;
    revoke: string;
  }
> = {
  es: {
    download: 'Certificado',
    verify: 'Comprobar',
    valid: 'Certificado válido',
    revoked: 'Este certificado fue revocado',
    reason: 'Motivo (opcional)',
    revoke: 'Revocar',
  },
  en: {
    download: 'Certificate',
    verify: 'Verify',
    valid: 'Valid certificate',
    revoked: 'This certificate has been revoked',
    reason: 'Reason (optional)',
    revoke: 'Revoke',
  },
  fr: {
    download: 'Certificat',
    verify: 'Vérifier',
    valid: 'Certificat valide',
    revoked: 'Ce certificat a été révoqué',
    reason: 'Motif (facultatif)',
    revoke: 'Révoquer',
  },
};

/** A new student with a demo course given by the coach; answers her login and the course. */
async function newStudentWithCourse(request: APIRequestContext, lang: Lang) {
  const admin = {
    Authorization: `Bearer ${await apiLogin(request, DEMO.admin.email, DEMO.admin.password)}`,
  };
  const courses = (await (
    await request.get(`${baseURL}/api/courses/visible?lang=${lang}`)
  ).json()) as Array<{ _id: string }>;
  let course: { _id: string; classes: Array<{ _id: string }> } | null = null;
  for (const c of courses) {
    const detail = (await (
      await request.get(`${baseURL}/api/courses/${c._id}?lang=${lang}`)
    ).json()) as { _id: string; classes: Array<{ _id: string }> };
    if (detail.classes.length > 0 && (!course || detail.classes.length < course.classes.length))
      course = detail;
  }
  expect(course).not.toBeNull();
  const email = `certificate-${lang}-${Date.now()}@test.local`;
  const password = 'Certificado1234';
  const name = { es: 'Lucía', en: 'Zoë', fr: 'Françoise' }[lang];
  const reg = await request.post(`${baseURL}/api/users`, {
    data: { name, surname: 'Núñez-Çelik', email, password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const userId = ((await reg.json()) as { user: { _id: string } }).user._id;
  const grant = await request.post(`${baseURL}/api/admin/students/${userId}/access`, {
    headers: admin,
    data: { itemType: 'course', itemId: course!._id, reason: 'gift', months: 6 },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  return {
    token: await apiLogin(request, email, password),
    fullName: `${name} Núñez-Çelik`,
    course: course!,
  };
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

for (const lang of ['es', 'en', 'fr'] as const) {
  test(`${lang}: a student completes a course, opens her certificate, the check says valid, then revoked once the coach revokes it`, async ({
    page,
    request,
    browser,
    a11y,
  }, testInfo) => {
    const t = TEXT[lang];
    const { token, fullName, course } = await newStudentWithCourse(request, lang);
    await useLanguage(page, lang);
    await signIn(page, token);

    // she marks every class of the course done in the viewer
    await page.goto(`/mis-cursos/curso/${course._id}`);
    const viewer = new ViewerPage(page);
    const pills = viewer.classPills();
    await expect(pills).toHaveCount(course.classes.length);
    for (let i = 0; i < course.classes.length; i++) {
      await pills.nth(i).click();
      await expect(viewer.classPanel).toBeVisible();
      await viewer.toggleDone(true);
    }

    // My Courses shows the certificate once the job has issued it (within seconds)
    const card = page.getByTestId('certificate');
    await expect(async () => {
      await page.goto('/mis-cursos');
      await expect(card).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await a11y.check(page);
    const downloaded = page.waitForEvent('download');
    await card.getByRole('button', { name: t.download }).click();
    const download = await downloaded;
    const file = testInfo.outputPath(`certificate-${lang}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(fullName);
    // what she sees on a phone, kept beside the results
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`my-courses-390-${lang}.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });

    // the public check, in a tab of its own
    const opened = page.context().waitForEvent('page');
    await card.getByRole('link', { name: t.verify }).click();
    const check = await opened;
    await expect(check.getByTestId('certificate-status')).toHaveText(t.valid);
    await expect(check.getByTestId('certificate-check')).toContainText(fullName);
    const code = check.url().split('/certificados/')[1].split('?')[0];
    a11y.watch(check);
    await a11y.check(check);
    await check.screenshot({ path: testInfo.outputPath(`check-valid-${lang}.png`) });

    // the coach revokes it from her certificates page
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await useLanguage(admin, lang);
    await signIn(admin, await apiLogin(request, DEMO.admin.email, DEMO.admin.password));
    await admin.goto('/admin/certificados');
    const row = admin
      .getByTestId('certs-all')
      .getByTestId('admin-certificate')
      .filter({ hasText: code });
    await row.getByLabel(t.reason).fill('Prueba del recorrido');
    await row.getByRole('button', { name: t.revoke }).click();
    await expect(row).toHaveAttribute('data-state', 'revoked');
    await admin.screenshot({ path: testInfo.outputPath(`admin-${lang}.png`), fullPage: true });
    await adminContext.close();

    await check.reload();
    await expect(check.getByTestId('certificate-status')).toHaveText(t.revoked);
    await check.screenshot({ path: testInfo.outputPath(`check-revoked-${lang}.png`) });
    await check.setViewportSize({ width: 390, height: 844 });
    await check.screenshot({ path: testInfo.outputPath(`check-revoked-390-${lang}.png`) });
  });
}
