// `npm run bench -- web`: the storefront's weight and speed, from the built app (run `npm run
// build` first). Starts the built API (which serves the composed front end) on a scratch PGlite
// database with the demo catalogue, then prints
//  - the JS each public route loads in headless Chromium (files, gzip bytes, remotes fetched),
//    and each app's whole build (gzip JS);
//  - a second visit of / and /cursos with the service worker and without it (load time, LCP);
//  - Lighthouse 13 mobile (its default preset: simulated slow 4G, 4x CPU slowdown) performance,
//    LCP, TBT and CLS for every route of the route table a visitor or the demo student can open,
//    median of RUNS runs, next to the goals. The student's pages are measured in a Chromium that
//    is signed in (its token in localStorage, as the login page leaves it), which Lighthouse
//    attaches to (--port) without clearing its storage (--disable-storage-reset).
// Lighthouse runs through npx (LIGHTHOUSE, default lighthouse@13.5.0: fetched into npm's cache on
// the first run). It is not a dependency of the repository because it requires Node 22, and
// `npm install` on the Node 20 the README names must print no engine warning; it runs on Node 20.
// Options (env): RUNS=3  BENCH_PORT=3290  CHROMIUM_PATH=/usr/bin/chromium  LIGHTHOUSE  PAGES
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltApi } from './process-tools.mjs';
import { median } from './stats.mjs';
import { signedInStudent } from './web-student.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3290);
const RUNS = Number(process.env.RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${port}`;
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? 'lighthouse@13.5.0';
/** PAGES=/cursos,/mis-cursos: Lighthouse on those pages only (their labels), else on all. */
const PAGES = process.env.PAGES?.split(',').map((p) => p.trim()) ?? null;
const wanted = (label) => !PAGES || PAGES.includes(label);

export const GOALS = { perf: 98, lcpMs: 1800, tbtMs: 100, cls: 0.02, jsHomeKiB: 150 };

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const mark = (ok) => (ok ? 'ok' : 'MISSED');

/** The gzip JS a route loads until the network is idle. */
async function jsOf(browser, path) {
  const page = await browser.newPage();
  const js = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('.js'))
      js.push({ url: res.url(), body: await res.body().catch(() => Buffer.alloc(0)) });
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.close();
  const gz = js.reduce((s, f) => s + gzipSync(f.body, { level: 9 }).length, 0);
  const remotes = [
    ...new Set(js.map((f) => /\/remotes\/([^/]+)\//.exec(f.url)?.[1]).filter(Boolean)),
  ];
  return { files: js.length, gz, remotes };
}

/** @param {number | undefined} debugPort  a signed-in Chromium to run in (its storage kept) */
function lighthouse(url, debugPort) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        ...(debugPort
          ? [`--port=${debugPort}`, '--disable-storage-reset']
          : [
              `--chrome-path=${chromePath}`,
              '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
            ]),
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exit ${code}: ${Buffer.concat(err)}`));
      const lhr = JSON.parse(Buffer.concat(out).toString());
      resolve({
        perf: Math.round(lhr.categories.performance.score * 100),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
      });
    });
  });
}

/**
 * Lighthouse's run, once more (twice at most) when Lighthouse lost its own trace of the load
 * (its NO_NAVSTART and similar "Please run Lighthouse again" errors): a glitch of the tool, not a
 * figure of the page; said on the console, so a reader knows a run was repeated.
 */
export async function lighthouseAgainIfLost(url, debugPort) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await lighthouse(url, debugPort);
    } catch (err) {
      if (attempt >= 2 || !/run Lighthouse again/i.test(err.message)) throw err;
      console.log(`  (Lighthouse lost its trace of ${url}; run again)`);
    }
  }
}

/**
 * A second visit of `path`, with the service worker (its caches answer the shell and the remote's
 * chunks) or without it (the HTTP cache does): the load time and LCP (ms) of the second load, in a
 * fresh context each run, on a CPU slowed 4x.
 */
async function secondVisit(browser, path, withWorker) {
  const context = await browser.newContext({ serviceWorkers: withWorker ? 'allow' : 'block' });
  try {
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    if (withWorker) {
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((r) =>
            navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
          );
        }
      });
      // a visit under the worker fills its runtime caches (the remote's entry and chunks)
      await page.goto(base + path, { waitUntil: 'networkidle' });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(base + path, { waitUntil: 'load' });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const nav = performance.getEntriesByType('navigation')[0];
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({
              loadMs: nav.loadEventEnd - nav.startTime,
              lcpMs: entries[entries.length - 1].startTime,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * The pages a visitor opens on the server at `base`, as [label, path], with the visible English
 * courses and the first one's path. Lighthouse's Chromium asks for English (Accept-Language
 * en-US): a first visit is served in English, so the item pages measured are of items shown in
 * English (an item that is not gets its "not available in this language" screen, another page).
 */
export async function visitorPages(base) {
  const courses = await (await fetch(`${base}/api/courses/visible?lang=en`)).json();
  const course = courses[0];
  const coursePath = `/courses/${course._id}/${course.slug}`;
  const [formation] = await (await fetch(`${base}/api/formations?lang=en`)).json();
  const formationPath = `/formaciones/${formation._id}/${formation.slug}`;
  // a Spanish item that has no English version: its page is that screen, for this visitor
  let elsewherePath = null;
  for (const c of await (await fetch(`${base}/api/courses/visible?lang=es`)).json()) {
    if ((await fetch(`${base}/api/courses/${c._id}?lang=en`)).status === 403) {
      elsewherePath = `/courses/${c._id}/${c.slug}`;
      break;
    }
  }
  const visitor = [
    ['/', '/'],
    ['/cursos', '/cursos'],
    ['course page', coursePath],
    ['formation page', formationPath],
    ...(elsewherePath ? [['item not in English', elsewherePath]] : []),
    ['/formaciones', '/formaciones'],
    ['/nosotros', '/nosotros'],
    ['/buscar?q=circo', '/buscar?q=circo'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/registro-exitoso', '/registro-exitoso'],
    ['/olvidaste-tu-contraseña', '/olvidaste-tu-contrase%C3%B1a'],
    ['/reset-password/:token', '/reset-password/not-a-real-token'],
    ['/carrito', '/carrito'],
    ['/mantenimiento', '/mantenimiento'],
    ['/membresia', '/membresia'],
    // (the not-found page answers 404, which Lighthouse refuses to measure)
  ];
  return { courses, coursePath, visitor };
}

export async function runWebBench() {
  // up to 3 minutes for a first start (its demo media made on an empty data dir)
  const server = await startBuiltApi(root, {}, { tries: 1800, port });
  try {
    const { courses, coursePath, visitor } = await visitorPages(base);

    console.log('\nJS each public route loads (gzip, built app, headless Chromium)');
    const browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const routes = ['/', '/cursos', coursePath, '/formaciones', '/nosotros', '/buscar?q=circo'];
    routes.push('/login', '/register', '/carrito');
    let homeGz = 0;
    for (const path of routes) {
      const { files, gz, remotes } = await jsOf(browser, path);
      if (path === '/') homeGz = gz;
      const label = path === coursePath ? '/courses/:id/:slug' : path;
      console.log(
        `  ${label.padEnd(22)} ${String(files).padStart(3)} files  gzip ${kib(gz).padStart(10)}  remotes: ${remotes.join(', ') || 'none'}`,
      );
    }
    console.log(
      `  goal: JS on / <= ${GOALS.jsHomeKiB} KiB gzip: ${kib(homeGz)} ${mark(homeGz / 1024 <= GOALS.jsHomeKiB)}`,
    );
    console.log(
      `\nA second visit, with the service worker and without (CPU 4x, median of ${RUNS})`,
    );
    // a build without the worker (`/sw.js` missing) has no second visit to compare
    const worker = (await fetch(`${base}/sw.js`)).ok;
    if (!worker) console.log('  no /sw.js in this build: not measured');
    for (const path of ['/', '/cursos'].filter((p) => worker && wanted(p))) {
      const row = [];
      for (const withWorker of [true, false]) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await secondVisit(browser, path, withWorker));
        const load = median(runs.map((r) => r.loadMs));
        const lcp = median(runs.map((r) => r.lcpMs));
        row.push(
          `${withWorker ? 'worker' : 'no worker'}: load ${Math.round(load)} ms, LCP ${Math.round(lcp)} ms`,
        );
      }
      console.log(`  ${path.padEnd(22)} ${row.join('   ')}`);
    }
    await browser.close();
    for (const app of ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin']) {
      const dir = join(root, app, 'dist');
      const names = readdirSync(dir).filter((f) => f.endsWith('.js'));
      const gz = names.reduce(
        (sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length,
        0,
      );
      console.log(`  ${app.padEnd(22)} whole build: ${names.length} JS files, gzip ${kib(gz)}`);
    }

    const measure = async (path, debugPort) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseAgainIfLost(base + path, debugPort));
      return runs;
    };
    const report = (label, runs) => {
      const m = {
        perf: median(runs.map((r) => r.perf)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
      };
      const ok =
        m.perf >= GOALS.perf &&
        m.lcpMs <= GOALS.lcpMs &&
        m.tbtMs <= GOALS.tbtMs &&
        m.cls <= GOALS.cls;
      console.log(
        `  ${label.padEnd(26)} ${String(m.perf).padStart(5)} ${`${(m.lcpMs / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(m.tbtMs)} ms`.padStart(8)} ${m.cls.toFixed(3).padStart(7)}   ${runs.map((r) => r.perf).join(' / ')}  ${mark(ok)}`,
      );
    };

    console.log(`\nLighthouse 13, mobile preset, median of ${RUNS} runs each`);
    console.log(
      `  ${'page'.padEnd(26)} ${'perf'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(7)}   runs (perf)`,
    );
    for (const [label, path] of visitor.filter(([label]) => wanted(label))) {
      report(label, await measure(path));
    }

    // the demo student's pages, in a Chromium signed in as the student with one course in the cart
    const student = await signedInStudent(base, chromePath, port + 100, courses);
    console.log('  the demo student, signed in:');
    try {
      for (const [label, path] of student.routes.filter(([label]) => wanted(label))) {
        report(label, await measure(path, student.port));
      }
    } finally {
      await student.close();
    }
    // the check of the certificate the demo student earned, as anyone who is shown it opens it
    if (wanted('/certificados/:code')) {
      report('/certificados/:code', await measure(`/certificados/${student.certificate}`));
    }
    console.log(
      `  goals: perf >= ${GOALS.perf}, LCP <= ${GOALS.lcpMs / 1000} s, TBT <= ${GOALS.tbtMs} ms, CLS <= ${GOALS.cls}`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // read the package only to fail early when the app is not built
  readFileSync(join(root, 'shell/dist/index.html'));
  await runWebBench();
}
