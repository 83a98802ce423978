import { frameAt } from '@circo/shared-contracts';
import { fakeCameraLaunch } from '../support/env';
import { expect, test, untilLive, useLanguage } from '../support/fixtures';
import { DEMO_FORMATION_ES, giftedStudent } from '../support/students';
import { LearningApi, ViewerPage } from '../pages/learning';
import { PRACTICE_NAMES, PracticePlayerPage } from '../pages/PracticePlayer';

// each journey is a new student with the demo formation: her remembered choices (speed, mirror),
// saved positions and practice are hers alone, whatever runs beside it
test.use({
  launchOptions: fakeCameraLaunch,
});

const FORMATION = [{ itemType: 'formation', titleEs: DEMO_FORMATION_ES }] as const;

// in Spanish, a class with the demo video (its own saved position); the player's English texts
// are met by the keyboard journey below
{
  const [lang, moduleN, classLabel] = ['es', 1, 'Clase 1'] as const;
  const n = PRACTICE_NAMES[lang];

  test(`${lang}: the student slows, mirrors, loops and frame-steps a class video, resumes it, and compares an attempt from her camera`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    const student = await giftedStudent(request, page, [...FORMATION], 'Práctica');
    const api = new LearningApi(request, student.token);
    const formationId = student.itemIds[0]!;

    await page.goto(`/mis-cursos/formacion/${formationId}`);
    await untilLive(page);
    const viewer = new ViewerPage(page);
    await viewer.selectClass(moduleN, classLabel);
    const classId = (await viewer.classPanel.getAttribute('data-class-id'))!;
    await viewer.classPanel.getByRole('button', { name: n.watch }).click();
    const player = new PracticePlayerPage(page, n);
    await player.waitReady();

    // 0.5x, pitch kept, remembered for the student
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/learning/practice-preferences') && r.request().method() === 'PUT',
    );
    await player.root.getByLabel(n.speed).selectOption('0.5');
    expect((await saved).ok()).toBe(true);
    expect(await player.media()).toMatchObject({ rate: 0.5, pitch: true });

    // a 3 s countdown before play, then it plays
    await player.root.getByLabel(n.countdown).selectOption('3');
    const clicked = Date.now();
    await player.button('play').click();
    // the seconds left show (how many depends on how quickly the test looks), then it plays
    await expect(player.root.getByTestId('countdown-left')).toHaveText(/^[123]$/);
    await expect(player.root.getByTestId('countdown-left')).toBeHidden({ timeout: 6_000 });
    await expect.poll(async () => (await player.media()).paused).toBe(false);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_900);
    await player.button('pause').click();
    await player.root.getByLabel(n.countdown).selectOption('0');

    // mirror
    await player.button('mirror').click();
    await expect(player.button('mirror')).toHaveAttribute('aria-pressed', 'true');
    await expect(player.video).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');

    // a loop from 1 s to 2 s, seen repeating while it plays
    await player.video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = 1;
    });
    await player.button('setA').click();
    await player.video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = 2;
    });
    await player.button('setB').click();
    await expect(player.button('loop')).toHaveAttribute('aria-pressed', 'true');
    await player.video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = 1;
    });
    await player.button('play').click();
    await expect.poll(() => player.repeats(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const during = await player.media();
    expect(during.time).toBeGreaterThanOrEqual(0.9);
    expect(during.time).toBeLessThanOrEqual(2.3);
    // the loop off, paused by keyboard
    await player.button('loop').click();
    await player.screen.focus();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await player.media()).paused).toBe(true);

    // frame by frame: two steps forward land on two successive frames (the demo is 12 fps)
    await player.video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = 3.01;
    });
    await player.button('frameForward').click();
    const f1 = await player.frame();
    const t1 = (await player.media()).time;
    await player.button('frameForward').click();
    await expect.poll(() => player.frame()).toBe(f1 + 1);
    const t2 = (await player.media()).time;
    expect(f1).toBe(37);
    expect(t2 - t1).toBeCloseTo(1 / 12, 3);
    // by keyboard: "," goes back one frame
    await player.screen.focus();
    await page.keyboard.press(',');
    await expect.poll(() => player.frame()).toBe(f1);

    // where she stopped is kept: leave the page, come back, "Resume at"
    await player.video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = 5;
    });
    const put = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/learning/classes/${classId}/position`) &&
        r.request().method() === 'PUT',
    );
    await player.button('play').click();
    await page.keyboard.press(' ');
    await player.screen.focus();
    expect((await put).ok()).toBe(true);
    await page.goto('/mis-cursos');
    await untilLive(page);
    await expect(page.getByTestId('my-courses')).toBeVisible();
    await page.goto(`/mis-cursos/formacion/${formationId}`);
    await untilLive(page);
    await viewer.selectClass(moduleN, classLabel);
    await viewer.classPanel.getByRole('button', { name: n.watch }).click();
    await player.waitReady();
    const resume = player.root.getByRole('button', { name: n.resume });
    await expect(resume).toBeVisible();
    // her choices came back with her
    await expect(player.button('mirror')).toHaveAttribute('aria-pressed', 'true');
    expect((await player.media()).rate).toBe(0.5);
    await resume.click();
    expect((await player.media()).time).toBeGreaterThanOrEqual(4.5);

    // the camera beside the class, 3 s late, an attempt recorded and compared side by side
    await player.button('camera').click();
    const panel = page.getByTestId('camera-panel');
    await expect(panel.getByTestId('camera-live')).toBeAttached();
    await panel.getByLabel(n.delay).selectOption('3');
    await expect(panel.getByTestId('camera-waiting')).toBeVisible();
    await expect(panel.getByTestId('camera-waiting')).toBeHidden({ timeout: 8_000 });
    const drawn = await panel
      .getByTestId('camera-delayed')
      .evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0);
    expect(drawn).toBe(true);
    await player.video.evaluate((el: HTMLVideoElement) => {
      el.currentTime = 0;
    });
    // an attempt of a few seconds: the class plays along while it records
    const { compare } = await player.recordAttempt(2.5);
    await expect(compare.getByTestId('compare-attempt').locator('video')).toHaveJSProperty(
      'readyState',
      4,
    );
    await compare.getByRole('button', { name: n.playBoth }).click();
    await expect
      .poll(() =>
        compare
          .locator('video')
          .evaluateAll((els) =>
            (els as HTMLVideoElement[]).map((el) => !el.paused && el.currentTime > 0),
          ),
      )
      .toEqual([true, true]);
    // and both pause together (the same button): nothing moves on the page while she logs her
    // practice below (a click waits for its button to stand still)
    await compare.getByTestId('compare-play').click();
    await expect
      .poll(() =>
        compare
          .locator('video')
          .evaluateAll((els) => (els as HTMLVideoElement[]).map((el) => el.paused)),
      )
      .toEqual([true, true]);
    // the attempt never left the browser: an object URL
    expect(
      await compare.getByTestId('compare-attempt').locator('video').getAttribute('src'),
    ).toMatch(/^blob:/);

    // "I practised this"
    const before = await api.practiceMinutes(classId);
    await viewer.classPanel.getByLabel(n.minutes).fill('25');
    await viewer.classPanel.getByRole('button', { name: n.practised }).click();
    await expect(viewer.classPanel.getByTestId('class-minutes')).toContainText(String(before + 25));
    await expect(viewer.classPanel.getByTestId('streak')).toContainText('1');
    // My Courses shows every minute practised and the streak
    await page.goto('/mis-cursos');
    await untilLive(page);
    await expect(page.getByTestId('practice-summary')).toContainText('Racha: 1 día');

    // the attempt stayed in this browser: there after the pages changed, until she deletes it
    await page.goto(`/mis-cursos/formacion/${formationId}`);
    await untilLive(page);
    await viewer.selectClass(moduleN, classLabel);
    await viewer.classPanel.getByRole('button', { name: n.watch }).click();
    const kept = page.getByTestId('attempt');
    await expect(kept).toBeVisible();
    await kept.getByRole('button', { name: n.deleteAttempt }).click();
    await expect(kept).toBeHidden();
  });
}

test('en: the player works by keyboard alone, and a refused camera leaves the rest working', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const n = PRACTICE_NAMES.en;
  await useLanguage(page, 'en');
  const student = await giftedStudent(request, page, [...FORMATION], 'Teclado');
  const formationId = student.itemIds[0]!;
  // the student says no to the camera prompt
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(`/mis-cursos/formacion/${formationId}`);
  await untilLive(page);
  const viewer = new ViewerPage(page);
  await viewer.selectClass(1, 'Class 1');
  await viewer.classPanel.getByRole('button', { name: n.watch }).focus();
  await page.keyboard.press('Enter');
  const player = new PracticePlayerPage(page, n);
  await player.waitReady();

  // Tab reaches the video's screen
  for (let i = 0; i < 40; i++) {
    if (await player.screen.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(player.screen).toBeFocused();

  await page.keyboard.press('>');
  await expect.poll(async () => (await player.media()).rate).toBe(1.25);
  await page.keyboard.press('<');
  await page.keyboard.press('<');
  await expect.poll(async () => (await player.media()).rate).toBe(0.75);
  await page.keyboard.press('m');
  await expect(player.button('mirror')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('m');
  await expect(player.button('mirror')).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await player.media()).time).toBeGreaterThanOrEqual(4.9);
  await page.keyboard.press('[');
  for (let i = 0; i < 4; i++) await page.keyboard.press('.');
  await expect.poll(() => player.frame()).toBe(64);
  await page.keyboard.press(']');
  await expect(player.button('loop')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(',');
  await expect.poll(() => player.frame()).toBe(63);
  await page.keyboard.press('l');
  await expect(player.button('loop')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await player.media()).time).toBeLessThan(1);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await player.media()).paused).toBe(false);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await player.media()).paused).toBe(true);

  // Camera by keyboard: refused, said clearly, and the player keeps working
  await player.button('camera').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('camera-error')).toContainText('Camera access was refused');
  await expect(player.button('play')).toBeEnabled();
  // the frame shown is the paused video's (the demo is 12 fps), not one shown before the pause
  const paused = (await player.media()).time;
  await expect.poll(() => player.frame()).toBe(frameAt(paused, 12));
  const before = await player.frame();
  await player.screen.focus();
  await page.keyboard.press('.');
  await expect.poll(() => player.frame()).toBe(before + 1);
});
