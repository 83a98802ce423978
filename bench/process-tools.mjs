// What the benchmark needs around the processes it starts: free ports, waiting for a server,
// stopping it, its memory and CPU time from /proc, and autocannon runs that count them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
export async function waitFor(url, child, tries = 600) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (i > tries || child.exitCode !== null) throw new Error(`${url} did not start`);
    await sleep(100);
  }
}
export async function stop(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
/**
 * The built API of `root` (api/dist/main.js) on `port` (a free one by default) and a scratch
 * PGlite data dir, with the demo data unless `env` says otherwise, its errors on this process's
 * stderr; resolves once /api/health answers (within `tries` tenths of a second). `close()` stops
 * it and removes the data dir.
 */
export async function startBuiltApi(root, env = {}, { tries = 600, port: wantedPort } = {}) {
  const port = wantedPort ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'circo-bench-'));
  const api = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(api);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`, api, tries);
  } catch (err) {
    await close();
    throw err;
  }
  return { api, port, base, close };
}
/** CPU time (user + system) a process has used, in ms (Linux clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
// autocannon parses answers with http-parser-js: count the reads it parses per answer
const { HTTPParser } = createRequire(import.meta.resolve('autocannon'))('http-parser-js');
let parsedReads = 0;
const execute = HTTPParser.prototype.execute;
HTTPParser.prototype.execute = function (...args) {
  parsedReads++;
  return execute.apply(this, args);
};
/**
 * autocannon on one URL with `connections`; with `pid`, also the server's CPU time per request
 * (µs), which the other load on a shared machine moves much less than req/s, and the client's
 * (this process, where autocannon runs): when it nears 1e6 / req/s, the client is what limits
 * req/s.
 */
export const loadCannon =
  (connections, defaultDuration) =>
  (url, headers = {}, duration = defaultDuration, pid = null) => {
    const before = pid ? cpuMs(pid) : 0;
    const client = process.cpuUsage();
    parsedReads = 0;
    return new Promise((resolve, reject) =>
      autocannon({ url, connections, duration, headers }, (err, r) => {
        if (err) return reject(err);
        const n = Math.max(1, r.requests.total);
        const used = process.cpuUsage(client);
        r.cpuUs = pid ? (1000 * (cpuMs(pid) - before)) / n : NaN;
        r.clientUs = (used.user + used.system) / n;
        r.reads = parsedReads / n;
        resolve(r);
      }),
    );
  };
