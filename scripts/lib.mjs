// Helpers for the project's scripts. Only Node built-ins: they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The environment the API runs with, beyond the operator's (`npm start`, and the bench, which
 * measures the API as `npm start` runs it). glibc's malloc raises its mmap threshold each time a
 * large block is freed, after which large blocks come from its heaps and are kept: a fixed 128 KB
 * threshold gives them back to the system. Measured on PGlite at 100k courses: 20-35 MB less RSS
 * idle and 25-40 MB less once the search index is built (docs/performance.md, API, memory). Bodies of requests
 * and answers stay below it.
 */
export const API_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

/** Runs `npm install` when node_modules is missing or older than the lockfile (`npm ci` cannot work here). */
export function ensureDeps() {
  const marker = join(root, 'node_modules/.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(join(root, 'package-lock.json'))) return;
  console.log('> installing dependencies (npm install)');
  const started = Date.now();
  run('npm', ['install', '--no-audit', '--no-fund']);
  console.log(`> dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs a command in the foreground; throws when it fails. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    err.exitCode = res.status ?? 1;
    throw err;
  }
}

export const nxEnv = {
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '',
};

/** Builds every package that changed since its last build (Nx caches the rest). */
export function buildAll() {
  run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { env: nxEnv });
}

/** Starts a long-running child that stops with this process. */
export function startChild(cmd, args, opts = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  return child;
}
