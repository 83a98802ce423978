import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL, fakeCameraLaunch, outboxDir, repoRoot } from '../support/env';
import { DEMO, expect, test, loginAs, untilLive, useLanguage } from '../support/fixtures';
import { LearningApi, ViewerPage } from '../pages/learning';
import { PRACTICE_NAMES, PracticePlayerPage } from '../pages/PracticePlayer';
import { ClipsPanelPage, FEEDBACK_NAMES } from '../pages/PracticeFeedback';

const FORMATION_ES = 'Formación de instructores de circo social';
const DEMO_CLIP = join(repoRoot, 'api/content/demo-media/clase-demo.mp4');
/** Screenshots looked at by a person; not checked by the run. */
const SHOTS = process.env.PRACTICE_SHOTS_DIR ?? null;

// one student and one teacher: the two languages run one after the other
test.describe.configure({ mode: 'serial' });
test.use({
  launchOptions: fakeCameraLaunch,
});

interface Mail {
  to: string;
  subject: string;
  text: string;
}
const mailsTo = (to: string): Mail[] =>
  existsSync(outboxDir)
    ? readdirSync(outboxDir)
        .sort()
        .map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as Mail)
        .filter((m) => m.to === to)
    : [];

// in English (the practice player's journey is in Spanish): module 3's second class has a video,
// and the practice player's own journey uses other classes (its saved positions are not disturbed)
{
  const [lang, moduleN, classLabel] = ['en', 3, 'Class 2'] as const;
  const n = FEEDBACK_NAMES[lang];
  const p = PRACTICE_NAMES[lang];

  test(`${lang}: the student sends a file and a camera attempt; the teacher answers with two pinned comments, one an angle; the student jumps to it and sees the angle`, async ({
    page,
    browser,
    request,
    a11y,
  }) => {
    test.setTimeout(180_000);
    // ---- the student: a file, then an attempt recorded in the practice player
    await useLanguage(page, lang);
    const token = await loginAs(page, request, 'student');
    const headers = { Authorization: `Bearer ${token}` };
    // a clean start: her earlier clips go (a journey run twice stays under the 5 waiting)
    const old = await request.get(`${baseURL}/api/practice/clips`, { headers });
    for (const c of ((await old.json()) as { clips: Array<{ _id: string }> }).clips) {
      expect(
        (await request.delete(`${baseURL}/api/practice/clips/${c._id}`, { headers })).status(),
      ).toBe(204);
    }
    const formationId = (await new LearningApi(request, token).myItems()).formations.find(
      (f) => f.title.es === FORMATION_ES,
    )!._id;
    await page.goto(`/mis-cursos/formacion/${formationId}`);
    await untilLive(page);
    const viewer = new ViewerPage(page);
    await viewer.selectClass(moduleN, classLabel);
    const classId = (await viewer.classPanel.getAttribute('data-class-id'))!;
    const clips = new ClipsPanelPage(page);
    await clips.root.getByLabel(n.file).setInputFiles(DEMO_CLIP);
    await clips.root.getByLabel(n.note).fill('My handstand');
    await clips.root.getByRole('button', { name: n.send, exact: true }).click();
    await expect(clips.root.getByTestId('clip-sent')).toBeVisible();
    await expect(clips.items).toHaveCount(1);

    await viewer.classPanel.getByRole('button', { name: p.watch }).first().click();
    const player = new PracticePlayerPage(page, p);
    await player.waitReady();
    await player.button('camera').click();
    const panel = page.getByTestId('camera-panel');
    await expect(panel.getByTestId('camera-live')).toBeAttached();
    const { compare } = await player.recordAttempt(2);
    await compare.getByTestId('send-attempt').click();
    await expect(compare.getByTestId('attempt-sent')).toBeVisible({ timeout: 20_000 });
    await expect(clips.items).toHaveCount(2);
    const mine = (await (
      await request.get(`${baseURL}/api/practice/clips`, { headers })
    ).json()) as {
      clips: Array<{ _id: string; source: string; video: { seconds: number } }>;
    };
    expect(mine.clips.map((c) => c.source).sort()).toEqual(['file', 'recording']);
    const fileClip = mine.clips.find((c) => c.source === 'file')!;
    expect(mine.clips.find((c) => c.source === 'recording')!.video.seconds).toBeGreaterThan(1);

    // ---- the teacher: the queue by keyboard, two pinned comments, one with an angle
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    a11y.watch(admin);
    await useLanguage(admin, lang);
    await loginAs(admin, request, 'admin');
    await admin.goto('/admin/practica');
    await untilLive(admin);
    const queue = admin.getByTestId('practice-queue');
    await expect(queue.getByTestId('queue-row').first()).toBeVisible();
    // the filter and the rows by keyboard alone
    const answeredFilter = queue.getByRole('button', { name: n.answered });
    await answeredFilter.focus();
    await admin.keyboard.press('Enter');
    await expect(answeredFilter).toHaveAttribute('aria-pressed', 'true');
    await admin.keyboard.press('Shift+Tab');
    await admin.keyboard.press('Space');
    await expect(queue.getByRole('button', { name: n.pending })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // oldest first: her file comes before her attempt (journeys beside this one may have a clip
    // of their own students waiting for a moment: hers are the demo student's)
    const hers = queue.getByTestId('queue-row').filter({ hasText: 'alumno@circo.local' });
    await expect(hers).toHaveCount(2);
    let focusedRow = false;
    for (let i = 0; i < 12 && !focusedRow; i++) {
      await admin.keyboard.press('Tab');
      focusedRow = await admin.evaluate(
        () =>
          !!document.activeElement
            ?.closest('[data-testid="queue-row"]')
            ?.textContent?.includes('alumno@circo.local'),
      );
    }
    expect(focusedRow).toBe(true);
    await admin.keyboard.press('Enter');
    await expect(admin).toHaveURL(new RegExp(`/admin/practica/${fileClip._id}$`));
    const answer = admin.getByTestId('clip-answer');
    const teacher = new ClipsPanelPage(admin);
    await teacher.waitVideo();
    await expect(answer.getByTestId('class-beside')).toBeVisible();

    const composer = answer.getByTestId('comment-composer');
    await teacher.seek(1);
    await composer.getByRole('button', { name: n.pin }).click();
    await composer.getByLabel(n.comment, { exact: true }).fill('Bend the knees before the beat');
    // a voice note on the same moment (Chromium's fake microphone), listened to before sending
    await composer.getByRole('button', { name: /^Record a voice note/ }).click();
    await expect(composer.getByText(/^Recording… [1-9] s of 60$/)).toBeVisible({
      timeout: 5_000,
    });
    await composer.getByRole('button', { name: 'Stop' }).click();
    await expect(composer.getByLabel('Listen to the voice note')).toBeVisible();
    await composer.getByRole('button', { name: n.add }).click();
    await expect(teacher.marks).toHaveCount(1);

    await teacher.seek(4);
    await composer.getByLabel(n.angle, { exact: true }).check();
    const svg = teacher.player.getByTestId('clip-drawing');
    const box = (await svg.boundingBox())!;
    for (const [x, y] of [
      [0.4, 0.2],
      [0.5, 0.55],
      [0.45, 0.9],
    ]) {
      await svg.click({ position: { x: box.width * x, y: box.height * y } });
    }
    await expect(svg.locator('[data-angle]')).toHaveCount(1);
    await composer.getByLabel(n.comment, { exact: true }).fill('Line up shoulder, hip and ankle');
    await composer.getByRole('button', { name: n.add }).click();
    await expect(teacher.marks).toHaveCount(2);
    const saved = (await (
      await request.get(`${baseURL}/api/admin/practice/clips/${fileClip._id}`, {
        headers: { Authorization: `Bearer ${await adminToken(request)}` },
      })
    ).json()) as { comments: Array<{ atSeconds: number; drawing: Array<{ kind: string }> }> };
    expect(saved.comments.map((c) => c.atSeconds)).toEqual([
      expect.closeTo(1, 1),
      expect.closeTo(4, 1),
    ]);
    expect(saved.comments[1]!.drawing.map((d) => d.kind)).toEqual(['angle']);

    // the second mark shows its angle over the frame: the teacher's view, looked at
    await teacher.marks.nth(1).click();
    await expect(svg.locator('[data-angle]')).toHaveCount(1);
    await a11y.check(admin);
    await shot(admin, `teacher-answer-${lang}-desktop`);
    await admin.setViewportSize({ width: 390, height: 844 });
    await shot(admin, `teacher-answer-${lang}-390`);
    await admin.setViewportSize({ width: 1280, height: 900 });

    await answer.getByRole('button', { name: n.markAnswered }).click();
    await expect(answer).toHaveAttribute('data-status', 'answered');
    await adminContext.close();

    // ---- the e-mail, in her language, with the link to the clip
    await expect
      .poll(() => mailsTo(DEMO.student.email).filter((m) => n.mailSubject.test(m.subject)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const mail = mailsTo(DEMO.student.email)
      .filter((m) => n.mailSubject.test(m.subject))
      .at(-1)!;
    const link = /https?:\/\/\S+clip=[0-9a-f-]+/.exec(mail.text)![0];
    expect(link).toContain(`class=${classId}&clip=${fileClip._id}`);

    // ---- the student opens the link: both marks, a jump to the second, the angle over the frame
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await untilLive(page);
    await expect(clips.player).toBeVisible();
    await clips.waitVideo();
    await expect(clips.marks).toHaveCount(2);
    await expect(clips.root.getByTestId('clip-comment')).toHaveCount(2);
    const voice = clips.root.getByLabel('Voice note at 0:01');
    await expect(voice).toBeVisible();
    await expect
      .poll(() => voice.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await clips.marks.nth(1).click();
    await expect.poll(() => clips.videoTime()).toBeCloseTo(4, 0);
    await expect(clips.player.getByTestId('clip-drawing').locator('[data-angle]')).toHaveCount(1);
    await expect(clips.marks.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await clips.player.scrollIntoViewIfNeeded();
    await shot(page, `student-clip-${lang}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await clips.player.scrollIntoViewIfNeeded();
    await shot(page, `student-clip-${lang}-390`);
  });
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: DEMO.admin });
  return ((await res.json()) as { token: string }).token;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}
