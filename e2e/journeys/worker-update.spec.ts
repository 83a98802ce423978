// A new version of the site reaches a visitor whose page runs under the service worker: the new
// worker installs and waits, the page says "a new version is ready", and it takes over when the
// student accepts, keeping what she downloaded. The release is a changed /sw.js, which the
// browser fetches itself (Playwright's routes do not see that request): this journey runs its
// own server over a copy of the shell's build, whose /sw.js it changes.
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT, repoRoot } from '../support/env';
import { expect, test, untilLive } from '../support/fixtures';
import { startOwnServer, type OwnServer } from '../support/own-server';

const port = E2E_PORT + 43;
const origin = `http://127.0.0.1:${port}`;
const APPS = ['mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin'];
let server: OwnServer | undefined;
let webRoot = '';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // the built apps as they are, but the shell's build a copy of its own (its /sw.js changes)
  webRoot = mkdtempSync(join(tmpdir(), 'circo-e2e-worker-web-'));
  for (const app of APPS) symlinkSync(join(repoRoot, app), join(webRoot, app), 'dir');
  mkdirSync(join(webRoot, 'shell'));
  for (const entry of readdirSync(join(repoRoot, 'shell'))) {
    if (entry === 'dist') continue;
    symlinkSync(join(repoRoot, 'shell', entry), join(webRoot, 'shell', entry));
  }
  cpSync(join(repoRoot, 'shell/dist'), join(webRoot, 'shell/dist'), { recursive: true });
  server = await startOwnServer(port, 'worker', { WEB_ROOT: webRoot, SEED_DEMO: 'true' });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

test('a new version waits for the student, takes over when she accepts, and keeps her downloads', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.context().addCookies([{ name: 'lang', value: 'en', url: origin }]);
  await page.goto(`${origin}/cursos`);
  await untilLive(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    }
  });
  // what a download leaves on the phone: a class file in the account's offline cache
  const downloads = () =>
    page.evaluate(async () => {
      const cache = await caches.open('circo-offline-student');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
  await page.evaluate(async () => {
    const cache = await caches.open('circo-offline-student');
    await cache.put('/api/files/private/classes/video.mp4', new Response('the class video'));
  });
  const workers = () =>
    page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: r?.waiting?.state ?? null, active: r?.active?.state ?? null };
    });

  /** What the worker in control answers when asked its release (the current one: nothing). */
  const release = () =>
    page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (e) => resolve(String(e.data));
          navigator.serviceWorker.controller!.postMessage({ type: 'RELEASE?' }, [channel.port2]);
          setTimeout(() => resolve(null), 2000);
        }),
    );
  expect(await release()).toBeNull();

  // the release: another /sw.js (one that tells its release), found when the browser checks
  appendFileSync(
    join(webRoot, 'shell/dist/sw.js'),
    `\nself.addEventListener('message', (e) => {
      if (e.data && e.data.type === 'RELEASE?') e.ports[0].postMessage('next');
    });\n`,
  );
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  // it waits: the page keeps the worker it has and says a new version is ready
  const notice = page.getByTestId('update-notice');
  await expect(notice).toContainText('A new version of the site is ready.');
  await expect.poll(workers).toEqual({ waiting: 'installed', active: 'activated' });
  expect(await release()).toBeNull();

  // she accepts: the page loads again under the new version, her download still there
  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Update' }).click();
  await reloaded;
  await untilLive(page);
  await expect(notice).toHaveCount(0);
  await expect.poll(workers).toEqual({ waiting: null, active: 'activated' });
  expect(await release()).toBe('next');
  expect(await downloads()).toEqual(['/api/files/private/classes/video.mp4']);
});
