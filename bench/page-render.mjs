// `npm run bench -- pages`: how long the server takes to send a course page's HTML (its head
// tags, bootstrap data and first screen), from the built app (`npm run build` first) on a scratch
// PGlite database with the demo catalogue: the median and p90 of N page views one after the other
// (their languages taking turns), then of N/4 rounds of 4 pages at once in es, en and fr.
// Options (env): N=300  BENCH_PORT=3291  APP_ROOT (another checkout's build, to compare)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, pct } from './stats.mjs';

const root = process.env.APP_ROOT ?? join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3291);
const N = Number(process.env.N ?? 300);
const base = `http://127.0.0.1:${port}`;
const LANGS = ['es', 'en', 'fr'];

const dataDir = mkdtempSync(join(tmpdir(), 'circo-page-render-'));
const api = spawn(process.execPath, ['api/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MALLOC_MMAP_THRESHOLD_: '131072',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitUp() {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API did not start on ${base}`);
}

const ms = (x) => `${x.toFixed(1)} ms`;
const summary = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `median ${ms(median(sorted))}, p90 ${ms(pct(sorted, 90))}`;
};

try {
  await waitUp();
  const courses = await (await fetch(`${base}/api/courses/visible?lang=es`)).json();
  const course = courses[0];
  const path = `/courses/${course._id}/x`;
  const view = async (lang) => {
    const started = performance.now();
    const res = await fetch(base + path, { headers: { cookie: `lang=${lang}` } });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('data-page')) {
      throw new Error(`${path} in ${lang}: ${res.status}, without its first screen`);
    }
    return performance.now() - started;
  };
  for (let i = 0; i < 30; i++) await view(LANGS[i % 3]);
  const alone = [];
  for (let i = 0; i < N; i++) alone.push(await view(LANGS[i % 3]));
  const together = [];
  for (let i = 0; i < N / 4; i++) {
    const started = performance.now();
    await Promise.all([0, 1, 2, 3].map((k) => view(LANGS[k % 3])));
    together.push(performance.now() - started);
  }
  console.log(`course page ${path}, ${N} views one after the other: ${summary(alone)}`);
  console.log(`4 views at once (es, en, fr), ${together.length} rounds: ${summary(together)}`);
} finally {
  api.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
