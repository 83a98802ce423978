// `npm run bench -- hostile`: what one hostile body costs the API. A JSON object of
// 90,000 unknown keys (0.98 MB, under the 1 MB body limit) sent to login, register and the payment
// routes: status, answer size and time (median of ROUNDS); then /api/health timed while 10 such
// bodies are in flight to the payment route. The built API (api/dist) on PGlite, production mode.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { startBuiltApi } from './process-tools.mjs';

const root = join(import.meta.dirname, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const KEYS = Number(process.env.KEYS ?? 90_000);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 10);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const max = (xs) => Math.max(...xs);

/**
 * One request with node:http (not fetch): a server that refuses a body before reading it (413)
 * answers and closes while the body is still being written, which fetch reports as an error.
 */
function send(port, method, path, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, connection: 'close' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            bytes: Buffer.concat(chunks).length,
            text: Buffer.concat(chunks).toString(),
            ms: performance.now() - start,
          }),
        );
      },
    );
    req.on('error', (err) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    req.end(body);
  });
}

console.log('Building (nx cache makes this quick when nothing changed)…');
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const { port, close } = await startBuiltApi(root, {
  SEED_DEMO: 'false',
  SERVE_WEB: 'false',
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  // the figures are about one body's cost, not about the limits that stop repeats
  RATE_LIMIT_PAYMENT: '100000',
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_REGISTER: '100000',
});
try {
  const email = `bench-${Date.now()}@example.com`;
  const json = { 'content-type': 'application/json' };
  await send(port, 'POST', '/api/users', {
    headers: json,
    body: JSON.stringify({ name: 'Bench', surname: 'Hostile', email, password: 'Secret123' }),
  });
  const login = await send(port, 'POST', '/api/auth/login', {
    headers: json,
    body: JSON.stringify({ email, password: 'Secret123' }),
  });
  const token = JSON.parse(login.text).token;
  const auth = { ...json, authorization: `Bearer ${token}` };

  const keys = {};
  for (let i = 0; i < KEYS; i++) keys[`k${i}`] = 1;
  const body = JSON.stringify(keys);
  console.log(
    `Hostile input: a JSON object of ${KEYS.toLocaleString('en')} unknown keys (${(body.length / 1e6).toFixed(2)} MB); ` +
      `median and max of ${ROUNDS}; Node ${process.version}; load average ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const routes = [
    ['POST /api/auth/login', '/api/auth/login', json],
    ['POST /api/users (register)', '/api/users', json],
    ['POST /api/stripe/crear-payment-intent', '/api/stripe/crear-payment-intent', auth],
    ['POST /api/stripe/crear-sesion', '/api/stripe/crear-sesion', auth],
    [
      'POST /api/stripe/confirmar-compra-payment-intent',
      '/api/stripe/confirmar-compra-payment-intent',
      auth,
    ],
  ];
  console.log('| route | status | answer bytes | ms (median) | ms (max) |');
  console.log('|---|---|---|---|---|');
  for (const [name, path, headers] of routes) {
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await send(port, 'POST', path, { headers, body }));
    const statuses = [...new Set(runs.map((r) => r.status))].join('/');
    console.log(
      `| ${name} | ${statuses} | ${max(runs.map((r) => r.bytes))} | ${median(runs.map((r) => r.ms)).toFixed(1)} | ${max(runs.map((r) => r.ms)).toFixed(1)} |`,
    );
  }

  // /api/health while IN_FLIGHT of them are in flight (ROUNDS times), polled back to back
  const health = [];
  const flown = [];
  for (let round = 0; round < ROUNDS; round++) {
    let done = false;
    const flight = Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        send(port, 'POST', '/api/stripe/crear-payment-intent', { headers: auth, body }),
      ),
    ).then((r) => {
      done = true;
      return r;
    });
    do health.push((await send(port, 'GET', '/api/health')).ms);
    while (!done);
    flown.push(...(await flight));
  }
  console.log(
    `/api/health while ${IN_FLIGHT} of them are in flight (${ROUNDS} rounds): ${health.length} answers, median ${median(health).toFixed(1)} ms, max ${max(health).toFixed(1)} ms; ` +
      `the ${IN_FLIGHT} answered ${[...new Set(flown.map((r) => r.status))].join('/')} within ${max(flown.map((r) => r.ms)).toFixed(1)} ms`,
  );
} finally {
  await close();
}
