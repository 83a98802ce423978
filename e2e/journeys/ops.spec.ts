// Operations journeys: a remote that goes down, and a remote released on its own. They re-point
// /remotes.json (the operator's file in the e2e data dir), so they run alone, after the others.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseSummary } from '@circo/shared-contracts';
import { dataDir, remotesFile, repoRoot, serverLogFile } from '../support/env';
import {
  expect,
  test,
  fromServer,
  loginAs,
  noteServerMarkup,
  remoteArea,
  untilLive,
} from '../support/fixtures';
import { serveFolder } from '../support/static-server';

test.describe.configure({ mode: 'serial' });

test.afterEach(() => rmSync(remotesFile, { force: true }));

function hashFolder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const full = join(dir, name);
    try {
      out[name] = createHash('sha256').update(readFileSync(full)).digest('hex');
    } catch {
      // a folder
    }
  }
  return out;
}

test('a remote whose server is down shows the unavailable panel; the rest keeps working', async ({
  page,
  request,
}) => {
  const learningDist = join(repoRoot, 'mf-learning/dist');
  let cdn = await serveFolder(learningDist);
  const port = cdn.port;
  writeFileSync(remotesFile, JSON.stringify({ mf_learning: `${cdn.url}/mf-manifest.json` }));
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await loginAs(page, request, 'student');
  await page.goto('/mis-cursos');
  await expect(remoteArea(page, 'mf_learning')).toBeVisible();

  await cdn.close(); // the learning team's server stops
  await page.reload();
  const panel = page.getByTestId('remote-unavailable');
  await expect(panel).toContainText('Esta sección no está disponible');
  // the header and the language switch still work
  await page.getByTestId('language-select').selectOption('en');
  await expect(panel).toContainText('This section is unavailable');
  await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();
  // another remote still renders
  await page.getByRole('link', { name: 'Courses' }).first().click();
  await expect(remoteArea(page, 'mf_catalog')).toBeVisible();
  // no retry loop: once the panel shows, nothing keeps knocking on the stopped server
  const knocks: string[] = [];
  page.on('request', (r) => r.url().startsWith(cdn.url) && knocks.push(r.url()));
  await page.waitForTimeout(3000);
  expect(knocks).toEqual([]);
  expect(pageErrors).toEqual([]);

  // the server comes back: retry brings the area back without a reload
  await page.getByRole('link', { name: 'My Courses' }).click();
  await expect(panel).toBeVisible();
  cdn = await serveFolder(learningDist, port);
  try {
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(remoteArea(page, 'mf_learning')).toBeVisible();
  } finally {
    await cdn.close();
  }
});

test('one remote is rebuilt and re-pointed in /remotes.json; the shell is untouched', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shellBefore = hashFolder(join(repoRoot, 'shell/dist'));
  const nextSrc = join(repoRoot, 'mf-catalog-next');
  const nextOut = join(dataDir, 'releases/mf-catalog-1.0.1');
  rmSync(nextSrc, { recursive: true, force: true });
  for (const part of ['src', 'rspack.config.mjs', 'package.json']) {
    cpSync(join(repoRoot, 'mf-catalog', part), join(nextSrc, part), { recursive: true });
  }
  // the visible change of this release
  const esFile = join(nextSrc, 'src/locales/es.json');
  const es = JSON.parse(readFileSync(esFile, 'utf8'));
  es.pages.courses.title = 'Cursos (versión 1.0.1)';
  writeFileSync(esFile, JSON.stringify(es));
  try {
    execFileSync('npx', ['rspack', 'build'], {
      cwd: nextSrc,
      env: { ...process.env, MF_OUT_DIR: nextOut, APP_VERSION: '1.0.1' },
      stdio: 'pipe',
    });
  } finally {
    rmSync(nextSrc, { recursive: true, force: true });
  }
  const cdn = await serveFolder(nextOut);
  try {
    await page.goto('/cursos');
    await expect(remoteArea(page, 'mf_catalog').getByRole('heading', { level: 1 })).toHaveText(
      'Cursos',
    );

    writeFileSync(
      remotesFile,
      JSON.stringify({ mf_catalog: { entry: `${cdn.url}/mf-manifest.json`, version: '1.0.1' } }),
    );
    await page.reload();
    await expect(remoteArea(page, 'mf_catalog').getByRole('heading', { level: 1 })).toHaveText(
      'Cursos (versión 1.0.1)',
    );
    expect(hashFolder(join(repoRoot, 'shell/dist'))).toEqual(shellBefore);
  } finally {
    await cdn.close();
  }
});

test('mf-catalog released on another origin: its pages arrive server-rendered from its own server bundle; a tampered bundle is refused, the browser renders, the log says why', async ({
  page,
  browser,
  request,
}) => {
  const [course] = (await (
    await request.get('/api/courses/visible?lang=es')
  ).json()) as CourseSummary[];
  const path = `/courses/${course._id}/${course.slug}`;
  // the catalogue team's release, published on its own origin with its manifest and server bundle
  const release = (name: string) => {
    const dir = join(dataDir, 'releases', name);
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(repoRoot, 'mf-catalog/dist'), dir, { recursive: true });
    return dir;
  };
  const good = await serveFolder(release('catalog-origin'));
  const tamperedDir = release('catalog-tampered');
  // changed after the build: no longer the bundle its manifest lists
  appendFileSync(join(tamperedDir, 'server/first-screen.cjs'), '\n// changed on the way\n');
  const tampered = await serveFolder(tamperedDir);
  const heading = () => remoteArea(page, 'mf_catalog').getByRole('heading', { level: 1 });
  try {
    writeFileSync(remotesFile, JSON.stringify({ mf_catalog: `${good.url}/mf-manifest.json` }));
    // without JavaScript: the course's heading is in the HTML the server sent
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noJs.newPage();
    await bare.goto(path);
    await expect(bare.locator('#root h1')).toHaveText(course.title.es);
    await noJs.close();
    // with it: the browser loads the remote from that origin and keeps the server's heading
    const fromOrigin: string[] = [];
    page.on('request', (r) => r.url().startsWith(good.url) && fromOrigin.push(r.url()));
    await noteServerMarkup(page);
    await page.goto(path);
    await untilLive(page);
    await expect(heading()).toHaveText(course.title.es);
    expect(await fromServer(heading())).toBe(true);
    expect(fromOrigin.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);

    writeFileSync(remotesFile, JSON.stringify({ mf_catalog: `${tampered.url}/mf-manifest.json` }));
    await page.goto(path);
    await untilLive(page);
    // the page still works: the browser rendered the course
    await expect(heading()).toHaveText(course.title.es);
    expect(await fromServer(heading())).toBe(false);
    await expect
      .poll(() => readFileSync(serverLogFile, 'utf8'))
      .toContain(
        `mf_catalog at ${tampered.url}/mf-manifest.json: its server bundle ${tampered.url}/server/first-screen.cjs does not match the integrity hash in its manifest`,
      );
  } finally {
    await good.close();
    await tampered.close();
  }
});
