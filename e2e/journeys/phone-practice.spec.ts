import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL, fakeCameraLaunch, repoRoot } from '../support/env';
import {
  apiLogin,
  DEMO,
  expect,
  test,
  untilLive,
  useLanguage,
  type Lang,
} from '../support/fixtures';
import { expectPhoneFit } from '../support/phoneFit';
import { DEMO_COURSE_ES, DEMO_FORMATION_ES, giftedStudent } from '../support/students';
import { ViewerPage } from '../pages/learning';
import { ClipsPanelPage } from '../pages/PracticeFeedback';

// The student's side on a 390x844 phone, in each language: My Courses, a course and a formation,
// the class player, the comparison with her attempt, her clips and a clip with the teacher's
// answer; each screen fits a phone (no text column under 120 px, no tap target under 44x44 px,
// axe). Each run has a student of its own (nothing shared with the demo student's journeys).

const DEMO_CLIP = join(repoRoot, 'api/content/demo-media/clase-demo.mp4');
const PHONE = { width: 390, height: 844 };

const NAMES: Record<
  Lang,
  {
    pill: (n: number) => string;
    continue: (n: number) => string;
    watch: string;
    record: string;
    stop: string;
    open: string;
  }
> = {
  es: {
    pill: (n) => `Clase ${n}`,
    continue: (n) => `Continuar con Clase ${n}`,
    watch: 'Ver vídeo',
    record: 'Grabar intento',
    stop: 'Detener grabación',
    open: 'Ver',
  },
  en: {
    pill: (n) => `Class ${n}`,
    continue: (n) => `Continue with Class ${n}`,
    watch: 'Watch video',
    record: 'Record attempt',
    stop: 'Stop recording',
    open: 'View',
  },
  fr: {
    pill: (n) => `Leçon ${n}`,
    continue: (n) => `Continuer avec Leçon ${n}`,
    watch: 'Voir la vidéo',
    record: 'Enregistrer un essai',
    stop: "Arrêter l'enregistrement",
    open: 'Voir',
  },
};

test.use({ viewport: PHONE, launchOptions: fakeCameraLaunch });
test.describe.configure({ mode: 'serial' });

interface Student {
  token: string;
  userId: string;
  courseId: string;
  formationId: string;
  courseClasses: string[];
}

/** A new student with the demo's aerial silks course and social circus formation given to her. */
async function newStudent(request: APIRequestContext, page: Page, lang: Lang): Promise<Student> {
  const { token, userId, itemIds } = await giftedStudent(
    request,
    page,
    [
      { itemType: 'course', titleEs: DEMO_COURSE_ES },
      { itemType: 'formation', titleEs: DEMO_FORMATION_ES },
    ],
    'Móvil',
  );
  const [courseId, formationId] = itemIds as [string, string];
  const course = await request.get(`${baseURL}/api/courses/${courseId}?lang=${lang}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const courseClasses = ((await course.json()) as { classes: Array<{ _id: string }> }).classes.map(
    (c) => c._id,
  );
  await useLanguage(page, lang);
  return { token, userId, courseId, formationId, courseClasses };
}

/** Her clip of the class, answered by the teacher with a note at 1 s that draws an angle. */
async function answeredClip(request: APIRequestContext, s: Student, classId: string) {
  const sent = await request.post(`${baseURL}/api/practice/clips`, {
    headers: { Authorization: `Bearer ${s.token}` },
    multipart: {
      classId,
      note: 'Mi vertical',
      file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(DEMO_CLIP) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const clipId = ((await sent.json()) as { _id: string })._id;
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const res = await request.post(`${baseURL}/api/admin/practice/clips/${clipId}/comments`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      atSeconds: 1,
      text: 'Alinea hombro, cadera y tobillo: empuja el suelo con las manos',
      drawing: [
        {
          kind: 'angle',
          points: [
            [0.4, 0.2],
            [0.5, 0.55],
            [0.45, 0.9],
          ],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return clipId;
}

for (const lang of ['es', 'en', 'fr'] as const) {
  const n = NAMES[lang];

  test(`${lang}: on a phone the student sees titled class pills with done marks, continues where she stopped, and every practice screen fits`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const s = await newStudent(request, page, lang);
    // she finished the first class
    const marked = await request.post(
      `${baseURL}/api/users/${s.userId}/progreso-curso/${s.courseId}`,
      { headers: { Authorization: `Bearer ${s.token}` }, data: { classId: s.courseClasses[0] } },
    );
    expect(marked.ok()).toBe(true);

    await page.goto('/mis-cursos');
    await untilLive(page);
    await expect(page.getByTestId('my-courses')).toBeVisible();
    await expectPhoneFit(page, `my-courses-${lang}`);

    // ---- the course: "Clase N" first in each pill, its title, a done mark, and Continue
    await page.goto(`/mis-cursos/curso/${s.courseId}`);
    await untilLive(page);
    const viewer = new ViewerPage(page);
    await expect(page.getByTestId('no-content')).toBeVisible();
    const pills = viewer.classPills();
    await expect(pills).toHaveCount(s.courseClasses.length);
    await expect(pills.first()).toHaveAccessibleName(new RegExp(`^${n.pill(1)} \\S`));
    await expect(pills.first().getByTestId('pill-done')).toBeVisible();
    await expect(pills.nth(1).getByTestId('pill-done')).toHaveCount(0);
    await expectPhoneFit(page, `course-${lang}`);
    await page.getByRole('button', { name: n.continue(2) }).click();
    await expect(viewer.classPill(n.pill(2))).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer.classPanel).toHaveAttribute('data-class-id', s.courseClasses[1]!);
    await expect(page.getByTestId('continue-class')).toHaveCount(0);

    // ---- the formation: M1..Mn, titled classes, the no-content message until one is chosen
    await page.goto(`/mis-cursos/formacion/${s.formationId}`);
    await untilLive(page);
    await expect(page.getByTestId('module-pills').getByRole('button').first()).toHaveAccessibleName(
      /^M1/,
    );
    await expect(page.getByTestId('no-content')).toBeVisible();
    await expectPhoneFit(page, `formation-${lang}`);

    // ---- the class player, then her attempt beside the class
    await page.goto(`/mis-cursos/curso/${s.courseId}?class=${s.courseClasses[0]}`);
    await untilLive(page);
    await viewer.classPanel.getByRole('button', { name: n.watch }).first().click();
    const player = page.getByTestId('practice-player');
    await expect(player.getByTestId('practice-play')).toBeEnabled();
    await expectPhoneFit(page, `player-${lang}`);
    await player.getByTestId('practice-camera').click();
    const camera = page.getByTestId('camera-panel');
    await expect(camera.getByTestId('camera-live')).toBeAttached();
    await camera.getByRole('button', { name: n.record }).click();
    await expect(camera.getByTestId('recording')).toBeVisible();
    // the class plays on while she records: a second and more of it
    await expect
      .poll(() =>
        player.getByTestId('video-player').evaluate((el: HTMLVideoElement) => el.currentTime),
      )
      .toBeGreaterThan(1);
    await camera.getByRole('button', { name: n.stop }).click();
    const compare = page.getByTestId('compare');
    await expect(compare).toBeVisible();
    await compare.scrollIntoViewIfNeeded();
    await expectPhoneFit(page, `compare-${lang}`);

    // ---- her clips of the class, and one with the teacher's answer open
    const clipId = await answeredClip(request, s, s.courseClasses[0]!);
    await page.goto(`/mis-cursos/curso/${s.courseId}?class=${s.courseClasses[0]}`);
    await untilLive(page);
    const clips = new ClipsPanelPage(page);
    await expect(clips.items).toHaveCount(1);
    await clips.root.scrollIntoViewIfNeeded();
    await expectPhoneFit(page, `clips-${lang}`);
    await clips.items.first().getByRole('button', { name: n.open, exact: true }).click();
    await expect(clips.player).toBeVisible();
    await clips.waitVideo();
    await clips.player.scrollIntoViewIfNeeded();
    await expectPhoneFit(page, `clip-view-${lang}`);
    expect(clipId).toBeTruthy();
  });
}

test('es: the coach answers a clip on her phone with a drawing; the student plays the clip and it stops at the note with the drawing shown', async ({
  page,
  request,
  browser,
  a11y,
}) => {
  test.setTimeout(180_000);
  const s = await newStudent(request, page, 'es');
  const classId = s.courseClasses[0]!;
  const sent = await request.post(`${baseURL}/api/practice/clips`, {
    headers: { Authorization: `Bearer ${s.token}` },
    multipart: {
      classId,
      note: 'Mi vertical',
      file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(DEMO_CLIP) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const clipId = ((await sent.json()) as { _id: string })._id;

  // ---- the coach, on her phone between classes: a comment at 2 s with an angle drawn on it
  const coachContext = await browser.newContext({ viewport: PHONE });
  const coach = await coachContext.newPage();
  a11y.watch(coach);
  await useLanguage(coach, 'es');
  const adminToken = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  await coach.addInitScript((t) => localStorage.setItem('token', t), adminToken);
  await coach.goto(`/admin/practica/${clipId}`);
  await untilLive(coach);
  const teacher = new ClipsPanelPage(coach);
  await teacher.waitVideo();
  const composer = coach.getByTestId('clip-answer').getByTestId('comment-composer');
  await teacher.seek(2);
  await composer.getByRole('button', { name: 'Fijar en el momento actual' }).click();
  await composer.getByLabel('Ángulo', { exact: true }).check();
  const svg = teacher.player.getByTestId('clip-drawing');
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  for (const [x, y] of [
    [0.4, 0.2],
    [0.5, 0.55],
    [0.45, 0.9],
  ] as const) {
    await svg.click({ position: { x: box.width * x, y: box.height * y } });
  }
  await expect(svg.locator('[data-angle]')).toHaveCount(1);
  await composer.getByLabel('Comentario', { exact: true }).fill('Abre el hombro en la subida');
  await composer.getByRole('button', { name: 'Añadir comentario' }).click();
  await expect(teacher.marks).toHaveCount(1);
  await coachContext.close();

  // the coach sends it (the e-mail goes; My Courses tells the student too)
  const answered = await request.patch(`${baseURL}/api/admin/practice/clips/${clipId}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { status: 'answered' },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  // ---- the student: My Courses points to the answer; she plays her clip from the start and it
  // stops at 2 s with the angle over the frame
  await page.goto('/mis-cursos');
  await untilLive(page);
  const notice = page.getByTestId('answers-notice');
  await expect(notice).toContainText('Tu profesora respondió a 1 clip tuyo');
  await notice.getByTestId('answer-link').click();
  await expect(page).toHaveURL(new RegExp(`class=${classId}&clip=${clipId}$`));
  const clips = new ClipsPanelPage(page);
  await expect(clips.player).toBeVisible();
  await clips.waitVideo();
  await expect(clips.player.getByTestId('notes-pause')).toHaveAttribute('aria-pressed', 'true');
  await expect(clips.player.getByTestId('clip-drawing').locator('[data-angle]')).toHaveCount(0);
  await clips.player.scrollIntoViewIfNeeded();
  await clips.player.getByTestId('clip-play').click();
  const stop = clips.player.getByTestId('clip-stop');
  await expect(stop).toBeVisible({ timeout: 10_000 });
  await expect(stop).toContainText('Abre el hombro en la subida');
  await expect(clips.player.getByTestId('clip-drawing').locator('[data-angle]')).toHaveCount(1);
  const at = await clips.player
    .getByTestId('clip-video')
    .evaluate((el: HTMLVideoElement) => ({ paused: el.paused, time: el.currentTime }));
  expect(at.paused).toBe(true);
  expect(at.time).toBeCloseTo(2, 0);
  await expectPhoneFit(page, 'clip-stopped-es');
  // and it goes on by itself
  await expect(stop).toBeHidden({ timeout: 10_000 });
  await expect
    .poll(() =>
      clips.player.getByTestId('clip-video').evaluate((el: HTMLVideoElement) => el.currentTime),
    )
    .toBeGreaterThan(2.2);

  // an answer opened is an answer read
  await page.goto('/mis-cursos');
  await untilLive(page);
  await expect(page.getByTestId('my-courses').getByTestId('my-course-card').first()).toBeVisible();
  await expect(page.getByTestId('answers-notice')).toHaveCount(0);
});
