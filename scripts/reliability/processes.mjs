// The built API as child processes, and a round-robin proxy in front of them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { sleep } from './basics.mjs';

// ---------------------------------------------------------------------------------------------
// API processes

const MAIN = join(root, 'api/dist/main.js');

/**
 * Starts the built API (`node [nodeArgs] api/dist/main.js`) on `port`; resolves once /api/health
 * is 200. `nodeArgs`: Node's own flags (`--cpu-prof`); `root`: another checkout whose built API
 * runs instead (a baseline).
 */
export async function startApi({ port, env, name = `api:${port}`, nodeArgs = [], root: from }) {
  const main = from ? join(from, 'api/dist/main.js') : MAIN;
  if (!existsSync(main)) throw new Error(`${main} is missing: npm run build first`);
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: from ?? root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const api = { name, port, child, url: `http://127.0.0.1:${port}`, log: [], exited: null };
  const keep = (c) => {
    api.log.push(c.toString());
    if (api.log.length > 400) api.log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  api.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitHealthy(api, 60_000);
  return api;
}

export async function waitHealthy(api, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) {
      throw new Error(`${api.name} exited (${api.child.exitCode}):\n${api.log.join('')}`);
    }
    if ((await health(api.url)) === 200) return;
    await sleep(200);
  }
  throw new Error(`${api.name} was not healthy within ${timeoutMs} ms:\n${api.log.join('')}`);
}

/**
 * The status of GET /api/health (0: no answer within 10 s; with the database away it takes up to
 * DB_CONNECT_TIMEOUT_MS to say 503, longer on a busy machine).
 */
export async function health(url) {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export async function stopApi(api) {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 15_000);
  await api.exited;
  clearTimeout(timer);
}

/** A free port on 127.0.0.1. */
export async function freePort() {
  if (!portRange) return listenOnce(0);
  // the next port of the range that is free now (a machine shared with other runs)
  while (portRange.next <= portRange.last) {
    const port = portRange.next++;
    const free = await listenOnce(port).catch(() => null);
    if (free) return free;
  }
  throw new Error(`RELIABILITY_PORTS: no free port left in ${process.env.RELIABILITY_PORTS}`);
}

/** RELIABILITY_PORTS=3400-3449: every server a run starts listens on a port of that range. */
const portRange = (() => {
  const m = /^(\d+)-(\d+)$/.exec(process.env.RELIABILITY_PORTS ?? '');
  return m ? { next: Number(m[1]), last: Number(m[2]) } : null;
})();

function listenOnce(port) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address();
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A small round-robin HTTP proxy on 127.0.0.1 in front of `targets` (ports): each request goes to
 * the next instance, with X-Forwarded-For, as a load balancer would. Counts requests per target.
 */
export async function startProxy(targets) {
  let next = 0;
  const served = new Map(targets.map((t) => [t, 0]));
  const server = createServer((req, res) => {
    const port = targets[next++ % targets.length];
    served.set(port, served.get(port) + 1);
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"statusCode":502,"code":"proxy.upstream_error","message":"upstream failed"}');
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 5000;
  const wanted = await freePort();
  const port = await new Promise((resolve) =>
    server.listen(wanted, '127.0.0.1', () => resolve(server.address().port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
