// Prints the JS the home page loads (files, raw and gzip bytes), from the built app in headless
// Chromium, and the gzip size of each app's whole build. Run: node bench/web-size.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const port = 3290;
const dataDir = mkdtempSync(join(tmpdir(), 'circo-bench-'));
const server = spawn(process.execPath, ['api/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  for (const path of ['/', '/cursos', '/login']) {
    const page = await browser.newPage();
    const js = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('.js'))
        js.push({ url: res.url(), body: await res.body().catch(() => Buffer.alloc(0)) });
    });
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
    const raw = js.reduce((s, f) => s + f.body.length, 0);
    const gz = js.reduce((s, f) => s + gzipSync(f.body, { level: 9 }).length, 0);
    const remotes = [
      ...new Set(js.map((f) => /\/remotes\/([^/]+)\//.exec(f.url)?.[1]).filter(Boolean)),
    ];
    console.log(
      `${path.padEnd(8)} JS files ${String(js.length).padStart(3)}  raw ${kib(raw).padStart(10)}  gzip ${kib(gz).padStart(9)}  remotes: ${remotes.join(', ') || 'none'}`,
    );
    await page.close();
  }
  await browser.close();
  for (const app of ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin']) {
    const dir = join(root, app, 'dist');
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const gz = files.reduce(
      (s, f) => s + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length,
      0,
    );
    console.log(`${app.padEnd(12)} whole build: ${files.length} JS files, gzip ${kib(gz)}`);
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
