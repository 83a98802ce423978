import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../support/env';
import {
  apiLogin,
  DEMO,
  expect,
  test,
  untilLive,
  useLanguage,
  type Lang,
} from '../support/fixtures';
import { LearningApi, ViewerPage } from '../pages/learning';
import { DEMO_COURSE_ES, DEMO_FORMATION_ES, giftedStudent } from '../support/students';

// Practising in a gym with no network, on a phone: the student downloads a course, the network
// goes, the page is loaded again: My Courses lists the download, the course opens, its video
// plays, its PDF opens; a class marked done and minutes of practice wait on the phone and reach
// the API once the network is back, once each.

const TEXT: Record<
  Lang,
  {
    download: string;
    available: string;
    offline: string;
    watch: string;
    pdf: string;
    queued: string;
    logout: string;
  }
> = {
  es: {
    download: 'Descargar para practicar sin conexión',
    available: 'Disponible sin conexión',
    offline: 'Sin conexión.',
    watch: 'Ver vídeo',
    pdf: 'Abrir PDF',
    queued: 'Guardado en este dispositivo',
    logout: 'Cerrar sesión',
  },
  en: {
    download: 'Download for offline practice',
    available: 'Available offline',
    offline: 'You are offline.',
    watch: 'Watch video',
    pdf: 'Open PDF',
    queued: 'Saved on this device',
    logout: 'Log out',
  },
  fr: {
    download: 'Télécharger pour la pratique hors ligne',
    available: 'Disponible hors ligne',
    offline: 'Vous êtes hors ligne.',
    watch: 'Voir la vidéo',
    pdf: 'Ouvrir le PDF',
    queued: 'Enregistré sur cet appareil',
    logout: 'Se déconnecter',
  },
};

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

/**
 * A new student with the demo's aerial silks course (or its social circus formation) given to her,
 * signed in on `page`.
 */
async function newStudent(
  request: APIRequestContext,
  page: Page,
  lang: Lang,
  itemType: 'course' | 'formation' = 'course',
) {
  const titleEs = itemType === 'course' ? DEMO_COURSE_ES : DEMO_FORMATION_ES;
  const student = await giftedStudent(request, page, [{ itemType, titleEs }], 'Gimnasio');
  const { token, userId } = student;
  const itemId = student.itemIds[0]!;
  const learning = new LearningApi(request, token);
  /** The coach ends the access she gave. */
  const revoke = async () => {
    const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
    const res = await request.delete(
      `${baseURL}/api/admin/students/${userId}/access/${student.grantIds[0]}`,
      { headers: { Authorization: `Bearer ${admin}` } },
    );
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  // the first class of the item given to her
  const classId =
    itemType === 'course'
      ? (
          (await (
            await request.get(`${baseURL}/api/learning/courses/${itemId}?lang=${lang}`, {
              headers: { Authorization: `Bearer ${token}` },
            })
          ).json()) as { classes: Array<{ _id: string }> }
        ).classes[0]!._id
      : (await learning.formation(itemId, lang)).modules[0]!.classes[0]!._id;
  await useLanguage(page, lang);
  return {
    token,
    userId,
    courseId: itemId,
    formationId: itemId,
    classId,
    learning,
    revoke,
  };
}

/** The classes of the course the API holds as done for the student. */
async function doneOnServer(request: APIRequestContext, token: string, courseId: string) {
  const res = await request.get(`${baseURL}/api/learning/courses/${courseId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { completed: string[] }).completed;
}

/** Opens the item under the service worker and downloads it whole, its size seen first. */
async function downloadItem(page: Page, path: string, x: (typeof TEXT)[Lang]) {
  await page.goto(path);
  await untilLive(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    }
  });
  const item = page.getByTestId('item-download');
  await item.getByRole('button', { name: x.download }).click();
  await expect(item.getByTestId('download-size')).toBeVisible();
  await item.getByRole('button', { name: new RegExp(`^${x.download.split(' ')[0]} \\d`) }).click();
  await expect(page.getByTestId('item-download-done')).toContainText(x.available);
}

/**
 * Opens a downloaded item's class at `path` (the network off) and plays its video: the class
 * shows, the item says it is available offline, and time passes in the player.
 */
async function playsOffline(page: Page, path: string, classId: string, x: (typeof TEXT)[Lang]) {
  await page.goto(path);
  const viewer = new ViewerPage(page);
  await expect(viewer.classPanel).toHaveAttribute('data-class-id', classId);
  await expect(page.getByTestId('item-download-done')).toContainText(x.available);
  await viewer.classPanel.getByRole('button', { name: x.watch }).first().click();
  const player = page.getByTestId('practice-player');
  await player.getByTestId('practice-play').click();
  await expect
    .poll(() =>
      player
        .locator('video')
        .first()
        .evaluate((v: HTMLVideoElement) => v.currentTime),
    )
    .toBeGreaterThan(0.3);
  return { viewer, player };
}

for (const lang of ['es', 'en', 'fr'] as const) {
  const x = TEXT[lang];

  test(`${lang}: a downloaded course opens, plays and opens its PDF with no network, and what was marked offline reaches the API`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const s = await newStudent(request, page, lang);

    // ---- online: the course page, its service worker, the download with its size first
    await downloadItem(page, `/mis-cursos/curso/${s.courseId}`, x);

    // ---- no network: the page loads again from what the phone holds
    await context.setOffline(true);
    await page.goto('/mis-cursos');
    await expect(page.getByTestId('offline-banner')).toContainText(x.offline);
    await expect(page.getByTestId('download-row')).toContainText(x.available);

    const { viewer, player } = await playsOffline(
      page,
      `/mis-cursos/curso/${s.courseId}?class=${s.classId}`,
      s.classId,
      x,
    );
    // and it seeks (a range cut from the downloaded copy)
    const seeked = await player
      .locator('video')
      .first()
      .evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
            v.currentTime = Math.min(1.5, v.duration / 2);
          }),
      );
    expect(seeked).toBeGreaterThan(0.5);

    // its PDF opens
    await viewer.classPanel.getByRole('button', { name: x.pdf }).first().click();
    const frame = page.getByTestId('pdf-frame');
    await expect(frame).toBeVisible();
    const pdf = await page.evaluate(
      async (src) => {
        const res = await fetch(src);
        return { status: res.status, type: res.headers.get('Content-Type') };
      },
      (await frame.getAttribute('src'))!,
    );
    expect(pdf).toEqual({ status: 200, type: 'application/pdf' });

    // ---- marked done and 15 minutes practised offline: kept on the phone
    await viewer.classPanel.getByTestId('toggle-done').click();
    await expect(viewer.classPanel.getByTestId('toggle-done')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByTestId('practice-minutes').fill('15');
    await page.getByTestId('practised').click();
    await expect(page.getByTestId('practice-saved')).toContainText(x.queued);
    expect(await doneOnServer(request, s.token, s.courseId)).toEqual([]);
    expect(await s.learning.practiceMinutes(s.classId)).toBe(0);

    // ---- the network is back: each reaches the API, once
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect.poll(() => doneOnServer(request, s.token, s.courseId)).toEqual([s.classId]);
    await expect.poll(() => s.learning.practiceMinutes(s.classId)).toBe(15);
    await page.reload();
    await untilLive(page);
    await expect(viewer.classPanel.getByTestId('toggle-done')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await s.learning.practiceMinutes(s.classId)).toBe(15);

    // ---- signing out: the account's downloads and kept answers leave the phone
    const accountCaches = () =>
      page.evaluate(async () =>
        (await caches.keys()).filter((k) => /^circo-(offline|answers)-/.test(k)).sort(),
      );
    expect(await accountCaches()).toEqual([
      `circo-answers-${s.userId}`,
      `circo-offline-${s.userId}`,
    ]);
    await page.getByRole('button', { name: x.logout }).click();
    await expect.poll(accountCaches).toEqual([]);
  });
}

test('a download whose access ended leaves the phone at the next start with the network', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const s = await newStudent(request, page, 'es');
  await downloadItem(page, `/mis-cursos/curso/${s.courseId}`, TEXT.es);
  const held = () =>
    page.evaluate(
      async (name) => (await caches.has(name)) && (await (await caches.open(name)).keys()).length,
      `circo-offline-${s.userId}`,
    );
  expect(await held()).toBeGreaterThan(0);
  await s.revoke();
  await page.goto('/mis-cursos');
  await untilLive(page);
  await expect(page.getByTestId('my-courses')).toBeVisible();
  await expect.poll(held).toBe(0);
  await expect(page.getByTestId('download-row')).toHaveCount(0);
});

test('a downloaded formation opens with no network, its first class playing', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const x = TEXT.en;
  const s = await newStudent(request, page, 'en', 'formation');
  await downloadItem(page, `/mis-cursos/formacion/${s.formationId}`, x);

  await context.setOffline(true);
  await playsOffline(
    page,
    `/mis-cursos/formacion/${s.formationId}?class=${s.classId}`,
    s.classId,
    x,
  );
  await expect(page.getByTestId('offline-banner')).toContainText(x.offline);
});
