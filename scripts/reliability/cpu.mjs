// Where the machine's CPU went during a load run, read from /proc (Linux): each API process's main
// thread (JavaScript: HTTP, Nest, Drizzle), its password-hashing threads (their CPU as the API
// reports it), its other threads (GC, the PGlite worker, libuv), the PostgreSQL server, this load
// generator, the rest of the machine, and idle. Elsewhere it prints nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICK_MS = 10; // USER_HZ: 100 on Linux

/** utime + stime of a /proc/<pid>[/task/<tid>]/stat, in ms; null when gone. */
function cpuMsOf(statPath) {
  try {
    const s = readFileSync(statPath, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return null;
  }
}

function machine() {
  const f = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  return { idle: (f[3] + f[4]) * TICK_MS, total: f.reduce((a, b) => a + b, 0) * TICK_MS };
}

function postgresMs() {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    ms += cpuMsOf(`/proc/${pid}/stat`) ?? 0;
  }
  return ms;
}

export const canSplitCpu = () => existsSync('/proc/stat');

/** CPU counters now; `hashingMs[i]`: API i's hashing threads' CPU (from its diagnostics). */
export function cpuSnapshot(apiPids, hashingMs = []) {
  if (!canSplitCpu()) return null;
  const self = process.cpuUsage();
  return {
    wallMs: performance.now(),
    machine: machine(),
    postgres: postgresMs(),
    self: (self.user + self.system) / 1000,
    apis: apiPids.map((pid, i) => ({
      pid,
      total: cpuMsOf(`/proc/${pid}/stat`) ?? 0,
      main: cpuMsOf(`/proc/${pid}/task/${pid}/stat`) ?? 0,
      hashing: hashingMs[i] ?? 0,
    })),
  };
}

/** The split between two snapshots, in cores (of the machine's), as text lines. */
export function cpuSplitLines(a, b) {
  if (!a || !b) return [];
  const wall = b.wallMs - a.wallMs;
  const cores = (ms) => (ms / wall).toFixed(2);
  const busyAll = b.machine.total - a.machine.total - (b.machine.idle - a.machine.idle);
  const idle = b.machine.idle - a.machine.idle;
  const lines = [];
  let apisMs = 0;
  for (const [i, api] of b.apis.entries()) {
    const before = a.apis[i];
    const total = api.total - before.total;
    const main = api.main - before.main;
    const hashing = api.hashing - before.hashing;
    apisMs += total;
    lines.push(
      `  API pid ${api.pid}: ${cores(total)} cores = main thread ${cores(main)} + hashing threads ${cores(hashing)} + other threads (GC, libuv) ${cores(Math.max(0, total - main - hashing))}`,
    );
  }
  const pg = b.postgres - a.postgres;
  const self = b.self - a.self;
  const rest = Math.max(0, busyAll - apisMs - pg - self);
  lines.unshift(
    `CPU over the run, in cores of ${cpus().length}: API ${cores(apisMs)}, PostgreSQL ${cores(pg)}, this load generator ${cores(self)}, other work ${cores(rest)}, idle ${cores(idle)}`,
  );
  return lines;
}
