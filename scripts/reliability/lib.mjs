// Shared parts of `npm run load` and `npm run chaos`: a throw-away PostgreSQL database, the built
// API as child processes, a round-robin proxy, the simulated users, the figures and the checks of
// what the database holds afterwards. Loopback addresses only.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync, inflateSync } from 'node:zlib';
import { root } from '../lib.mjs';

const require = createRequire(join(root, 'api/package.json'));
const pg = require('pg');

export const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Refuses any address that is not this machine: the load never leaves it. */
export function assertLoopback(url, what) {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) {
    throw new Error(`${what} must be a loopback address (127.0.0.1), got ${host}`);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---------------------------------------------------------------------------------------------
// database

/** Creates `circo_load_<hex>` on the server of `serverUrl`. */
export async function createDatabase(serverUrl, prefix = 'circo_load') {
  assertLoopback(serverUrl, 'the PostgreSQL server');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function adminQuery(serverUrl, text, params = []) {
  const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

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
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
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
  const port = await new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address().port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

// ---------------------------------------------------------------------------------------------
// figures

/** Requests, statuses and latencies per route group. */
export class Stats {
  constructor() {
    this.groups = new Map();
    this.statuses = new Map();
    this.total = 0;
    this.fiveXX = [];
    this.errorShapeMissing = 0;
  }

  record(group, status, ms) {
    this.total++;
    let g = this.groups.get(group);
    if (!g) this.groups.set(group, (g = { times: [], statuses: new Map() }));
    g.times.push(ms);
    g.statuses.set(status, (g.statuses.get(status) ?? 0) + 1);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  /** The figures as text lines. */
  report() {
    const q = (sorted, p) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    const lines = [];
    const statusLine = [...this.statuses.entries()]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
      .join(', ');
    lines.push(`requests: ${this.total}   by status: ${statusLine}`);
    lines.push(
      `${'route group'.padEnd(16)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}   statuses`,
    );
    for (const [name, g] of [...this.groups.entries()].sort()) {
      const sorted = [...g.times].sort((a, b) => a - b);
      const st = [...g.statuses.entries()].map(([s, n]) => `${s || 'none'}x${n}`).join(' ');
      lines.push(
        `${name.padEnd(16)}${String(sorted.length).padStart(9)}${q(sorted, 50).toFixed(0).padStart(9)}${q(sorted, 95).toFixed(0).padStart(9)}${q(sorted, 99).toFixed(0).padStart(9)}   ${st}`,
      );
    }
    return lines;
  }

  count5xx() {
    let n = 0;
    for (const [s, c] of this.statuses) if (s >= 500) n += c;
    return n;
  }
}

/**
 * The simulated users' connections: kept alive and reused, as a browser keeps its connections to a
 * site. node:http rather than fetch: on these 2 cores the generator shares the machine with the
 * API and PostgreSQL, and fetch (WHATWG streams, one AbortSignal timer per request) costs it 3 to
 * 7 times the CPU per request (`node bench/load-client.mjs`; docs/performance.md, "Launch day").
 */
const agent = new HttpAgent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });

/**
 * One HTTP call: the status (0 when it failed, or the connection stayed silent for `timeoutMs`),
 * the body (decompressed) and its type.
 */
function send(url, method, headers, payload, timeoutMs) {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        let raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        try {
          if (encoding === 'gzip') raw = gunzipSync(raw);
          else if (encoding === 'deflate') raw = inflateSync(raw);
        } catch {
          raw = Buffer.alloc(0);
        }
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: raw.toString('utf8'),
        });
      });
      res.on('error', () => resolve({ status: 0, type: '', text: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, type: '', text: '' }));
    req.end(payload);
  });
}

/**
 * A browser-like client of one simulated user: every call is timed into `stats` under its route
 * group, and a request that fails or stays silent for `timeoutMs` counts as status 0.
 */
export class Client {
  constructor(baseUrl, stats, { timeoutMs = 15_000, onAnswer } = {}) {
    this.baseUrl = baseUrl;
    this.stats = stats;
    this.timeoutMs = timeoutMs;
    this.token = null;
    this.onAnswer = onAnswer;
  }

  async call(group, method, path, body) {
    const started = performance.now();
    const payload = body ? JSON.stringify(body) : undefined;
    const headers = {
      // what a browser sends over plain HTTP (and fetch did): the API compresses as it would for one
      'accept-encoding': 'gzip, deflate',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
    const res = await send(`${this.baseUrl}${path}`, method, headers, payload, this.timeoutMs);
    let json = null;
    try {
      if (res.type.includes('json') && res.text) json = JSON.parse(res.text);
    } catch {
      json = null;
    }
    const { status } = res;
    const ms = performance.now() - started;
    this.stats.record(group, status, ms);
    this.onAnswer?.({ group, method, path, status, json, ms });
    return { status, json };
  }
}

// ---------------------------------------------------------------------------------------------
// the simulated users

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
};
const CARD = { expiry: '12/40', cvc: '123' };
const LANGS = ['es', 'en', 'fr'];
const TERMS = [
  'acrobacia',
  'aerea',
  'telas',
  'trapecio',
  'malabares',
  'equilibrio',
  'circo',
  'aro',
];

/** What the users did, for the report (purchases checked afterwards in the database). */
export function newTally() {
  return {
    users: 0,
    registered: 0,
    loggedIn: 0,
    paymentsStarted: 0,
    paid: 0,
    declined: 0,
    twoTabs: 0,
    progressMarked: 0,
    crossInstanceLogins: 0,
    crossInstanceFailures: 0,
    withSession: 0,
  };
}

/**
 * One simulated user until `deadline`: browse, search, register, log in, add to cart and pay on
 * the local provider (1 in 6 first types a declined card, 1 in 5 pays the same cart from two
 * tabs at once), open My Courses, mark progress; think time between steps as a person would.
 */
export async function simulateUser({
  baseUrl,
  stats,
  tally,
  deadline,
  index,
  onAnswer,
  crossUrls,
}) {
  const c = new Client(baseUrl, stats, { onAnswer });
  const think = () => sleep(200 + Math.random() * 800);
  const alive = () => Date.now() < deadline;
  tally.users++;
  const lang = pick(LANGS);

  const list = (res) => (Array.isArray(res.json) ? res.json : []);
  const courses = list(await c.call('browse', 'GET', `/api/courses/visible?lang=${lang}`));
  const formations = list(await c.call('browse', 'GET', `/api/formations?lang=${lang}`));
  if (Math.random() < 0.3) await c.call('page', 'GET', '/');
  if (!alive()) return;
  await think();
  if (courses.length)
    await c.call('browse', 'GET', `/api/courses/${pick(courses)._id}?lang=${lang}`);
  await c.call('search', 'GET', `/api/search?q=${pick(TERMS)}&lang=${lang}`);
  if (!alive()) return;
  await think();

  const email = `load-${index}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Carpa-2026-load';
  const reg = await c.call('register', 'POST', '/api/users', {
    name: 'Carga',
    surname: `Usuario ${index}`,
    email,
    password,
    lang,
  });
  if (reg.status !== 201) return;
  tally.registered++;
  // with two instances: log in on one instance directly, use the session on the other
  const loginClient = crossUrls ? new Client(crossUrls[0], stats, { onAnswer }) : c;
  const login = await loginClient.call('login', 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200) return;
  tally.loggedIn++;
  c.token = login.json.token;
  const me = await c.call('profile', 'GET', '/api/auth/perfil');
  const userId = me.json?._id;

  // with two instances: the session made on one is valid on the other
  if (crossUrls) {
    const other = new Client(crossUrls[1], stats, { onAnswer });
    other.token = c.token;
    const res = await other.call('profile', 'GET', '/api/auth/perfil');
    if (res.status === 200 && res.json?._id === userId) tally.crossInstanceLogins++;
    else tally.crossInstanceFailures++;
  }

  const catalogue = [
    ...courses.map((x) => ({ id: x._id, type: 'course' })),
    ...formations.map((x) => ({ id: x._id, type: 'formation' })),
  ];
  while (alive() && catalogue.length) {
    await think();
    const cart = [pick(catalogue)];
    if (Math.random() < 0.4) {
      const second = pick(catalogue);
      if (second.id !== cart[0].id) cart.push(second);
    }
    const twoTabs = Math.random() < 0.2;
    const start = (items) =>
      c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', { items, lang });
    // the second tab has the same cart (the same payment is reused), or a part of it (a payment
    // of its own for an item the first one also pays: registered once, the rest refunded)
    const otherTab = cart.length > 1 && Math.random() < 0.5 ? [cart[0]] : cart;
    const starts = twoTabs
      ? await Promise.all([start(cart), start(otherTab)])
      : [await start(cart)];
    const intents = [
      ...new Set(starts.filter((s) => s.status === 201).map((s) => s.json.paymentIntentId)),
    ];
    if (!intents.length) break; // everything owned (409) or refused: done shopping
    tally.paymentsStarted += intents.length;
    if (!twoTabs && Math.random() < 1 / 6) {
      const res = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
        paymentIntentId: intents[0],
        cardNumber: CARDS.declined,
        ...CARD,
      });
      if (res.json?.status === 'failed') tally.declined++;
      await think();
    }
    if (twoTabs) tally.twoTabs++;
    // each tab pays its intent, then its success page confirms (what /pago-exitoso does)
    const results = await Promise.all(
      intents.map(async (paymentIntentId) => {
        const paid = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
          paymentIntentId,
          cardNumber: CARDS.ok,
          ...CARD,
        });
        await c.call('confirm', 'POST', '/api/stripe/confirmar-compra-payment-intent', {
          paymentIntentId,
        });
        return paid.json?.status === 'succeeded';
      }),
    );
    tally.paid += results.filter(Boolean).length;
    if (!alive()) break;

    await think();
    const mine = await c.call('my-courses', 'GET', `/api/learning/my-items?lang=${lang}`);
    const course = mine.json?.courses?.[0];
    if (course && userId) {
      const detail = await c.call(
        'my-courses',
        'GET',
        `/api/learning/courses/${course._id}?lang=${lang}`,
      );
      const cls = detail.json?.classes?.[0];
      if (cls) {
        const res = await c.call(
          'progress',
          'POST',
          `/api/users/${userId}/progreso-curso/${course._id}`,
          {
            classId: cls._id,
          },
        );
        if (res.status === 200 || res.status === 201) tally.progressMarked++;
      }
    }
    if (Math.random() < 0.5) break; // most buyers buy once or twice
  }
}

/**
 * Runs `users` simulated users for `seconds` (each starting within the first 10 s). With
 * `instanceUrls` (two or more), each user logs in directly on one instance and checks the session
 * on the next one. With `launch` (the launch-day mix: makeLaunchAccounts, the new item, the
 * JWT secret), each user is a launch-day buyer instead.
 */
export async function runLoad({
  baseUrls,
  users,
  seconds,
  stats,
  tally,
  onAnswer,
  instanceUrls,
  launch,
}) {
  const deadline = Date.now() + seconds * 1000;
  let index = 0;
  const one = async (slot) => {
    await sleep(Math.random() * Math.min(10_000, seconds * 500));
    while (Date.now() < deadline) {
      const i = index++;
      const baseUrl = baseUrls[i % baseUrls.length];
      const n = instanceUrls?.length ?? 0;
      const crossUrls = n > 1 ? [instanceUrls[i % n], instanceUrls[(i + 1) % n]] : null;
      try {
        if (launch) {
          await simulateLaunchUser({
            baseUrl,
            stats,
            tally,
            deadline,
            index: `${slot}-${i}`,
            launch,
          });
          continue;
        }
        await simulateUser({
          baseUrl,
          stats,
          tally,
          deadline,
          index: `${slot}-${i}`,
          onAnswer,
          crossUrls,
        });
      } catch (err) {
        console.error(`simulated user ${i} stopped: ${err.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: users }, (_, s) => one(s)));
}

// ---------------------------------------------------------------------------------------------
// what the database holds afterwards

/**
 * The purchase invariants, read straight from the database:
 * - lost: a card the provider charged (local intent succeeded) whose payment registered nothing
 *   and was not refunded (every item owned already), or a fulfilled payment whose item the buyer
 *   does not own now;
 * - without payment: a purchase grant whose payment did not succeed at the provider;
 * - duplicates: an item granted twice by one payment, or bought by two payments that both kept
 *   it (neither refunded) and overlap in time.
 */
export async function checkPurchases(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const one = async (sql) => (await c.query(sql)).rows;
    // a payment for items owned by then is refunded by a durable job after its commit: the
    // check waits (up to 2 minutes) for the jobs written so far to run
    const jobsBefore = Date.now();
    let open = 0;
    while (Date.now() - jobsBefore < 120_000) {
      [{ open }] = await one(
        `select count(*)::int as open from jobs where status in ('pending', 'running')`,
      );
      if (open === 0) break;
      await sleep(500);
    }
    const [jobs] = await one(`select
        count(*) filter (where status = 'done')::int as done,
        count(*) filter (where status = 'dead')::int as dead,
        count(*) filter (where status in ('pending', 'running'))::int as open,
        count(*) filter (where attempts > 1)::int as retried
      from jobs`);
    const [counts] = await one(`
      select
        (select count(*)::int from payments) as payments,
        (select count(*)::int from payments where status in ('succeeded','refunded') and fulfilled_at is not null) as succeeded,
        (select count(*)::int from payments where status = 'refunded') as refunded,
        (select count(*)::int from access_grants where kind in ('purchase','renewal')) as purchases,
        (select count(*)::int from payment_items pi join payments p on p.id = pi.payment_id
           where p.fulfilled_at is not null) as items_paid`);
    const lost = await one(`
      select p.id, p.status from local_provider_objects o
      join payments p on p.provider = 'local'
        and p.provider_payment_id = coalesce(o.metadata->>'sessionId', o.id)
      where o.kind = 'payment_intent' and o.status = 'succeeded'
        and (p.fulfilled_at is null
          or (p.status <> 'refunded' and not exists (
            select 1 from access_grants g where g.payment_id = p.id and g.kind in ('purchase','renewal'))))
      union all
      select p.id, 'item not owned' from payments p
      join payment_items i on i.payment_id = p.id
      where p.fulfilled_at is not null and p.status = 'succeeded' and not exists (
        select 1 from access_grants g where g.user_id = p.user_id and g.item_type = i.item_type
          and g.item_id = i.item_id and g.kind in ('purchase','renewal'))`);
    const withoutPayment = await one(`
      select g.id from access_grants g
      left join payments p on p.id = g.payment_id
      left join local_provider_objects o on o.id = coalesce(p.provider_intent_id, p.provider_payment_id)
      where g.kind in ('purchase','renewal')
        and (p.id is null or p.fulfilled_at is null
          or (p.provider = 'local' and (o.id is null or o.status <> 'succeeded')))`);
    const duplicates = await one(`
      select g.payment_id, g.item_id, count(*)::int from access_grants g
      where g.kind in ('purchase','renewal') group by 1, 2 having count(*) > 1
      union all
      select a.payment_id, a.item_id, 2 from access_grants a
      join access_grants b on a.user_id = b.user_id and a.item_type = b.item_type
        and a.item_id = b.item_id and a.id < b.id
        and a.kind = 'purchase' and b.kind = 'purchase'
        and a.starts_at < b.expires_at and b.starts_at < a.expires_at
      where not exists (select 1 from access_grants r where r.refunds_grant_id in (a.id, b.id))`);
    return {
      ...counts,
      lost,
      withoutPayment,
      duplicates,
      jobs,
      jobsWaitMs: Date.now() - jobsBefore,
    };
  } finally {
    await c.end();
  }
}

export function printPurchaseCheck(check) {
  console.log(
    `database: ${check.payments} payments, ${check.succeeded} succeeded (${check.refunded} refunded: paid twice for items already owned), ` +
      `${check.items_paid} paid items, ${check.purchases} purchases registered`,
  );
  console.log(
    `  lost purchases: ${check.lost.length}   purchases without a succeeded payment: ${check.withoutPayment.length}   duplicates: ${check.duplicates.length}`,
  );
  console.log(
    `  jobs (receipts, refunds, ...): ${check.jobs.done} done, ${check.jobs.dead} dead, ${check.jobs.open} not run yet ` +
      `(${check.jobs.retried} needed a retry; waited ${check.jobsWaitMs} ms for them after the load)`,
  );
  for (const [what, rows] of [
    ['lost', check.lost],
    ['without payment', check.withoutPayment],
    ['duplicate', check.duplicates],
  ]) {
    for (const r of rows.slice(0, 5)) console.log(`  ${what}: ${JSON.stringify(r)}`);
  }
  return (
    check.lost.length + check.withoutPayment.length + check.duplicates.length + check.jobs.dead ===
    0
  );
}

// ---------------------------------------------------------------------------------------------
// the launch-day mix: a new item announced, most buyers come back with a session

/** An HS256 session token as the API signs it (the load run knows the API's JWT_SECRET). */
export function sessionToken(secret, userId, hours = 12) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, role: 'user', ver: 0, iat: now, exp: now + hours * 3600 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * The accounts of a launch day, written straight into the database before the clock starts:
 * `back` students who come back with a session and already own one or two items (admin grants
 * of the catalogue's courses, so that My Courses has more than the new item), and `login`
 * students who sign in with their password. One argon2id hash (made by the API at registration
 * of a first account) serves them all. Returns their ids and e-mails.
 */
export async function makeLaunchAccounts(databaseUrl, { back, login, passwordHash }) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const make = async (prefix, n) =>
      (
        await c.query(
          `insert into users (name, surname, email, password_hash)
           select 'Vuelve', $1 || ' ' || g, $1 || '-' || g || '-' || md5(random()::text) || '@example.com', $2
           from generate_series(1, $3::int) g returning id, email`,
          [prefix, passwordHash, n],
        )
      ).rows;
    const backUsers = await make('back', back);
    const loginUsers = await make('login', login);
    // what they bought before: one or two courses each (admin grants: no payment to check)
    await c.query(
      `insert into access_grants (user_id, item_type, item_id, kind, starts_at, expires_at, reason)
       select u.id, 'course', c.id, 'admin_grant', now() - interval '30 days', now() + interval '300 days', 'gift'
       from unnest($1::uuid[]) with ordinality as u(id, n)
       cross join lateral (
         select id from courses where visible ->> 'es' = 'true'
         order by md5(u.id::text || courses.id::text) limit 1 + (u.n % 2)::int
       ) c`,
      [[...backUsers, ...loginUsers].map((u) => u.id)],
    );
    return { back: backUsers, login: loginUsers };
  } finally {
    await c.end();
  }
}

/**
 * One launch-day buyer until it has bought the new item and opened it: 70% come back with a
 * session (GET /auth/perfil first, as the shell does on start), 20% log in, 10% register. Then
 * the new item's page, checkout, pay (1 in 10 first types a declined card), confirm, My Courses,
 * the item's viewer, and a class marked done; think time 0.2-1 s between steps.
 */
export async function simulateLaunchUser({ baseUrl, stats, tally, deadline, index, launch }) {
  const c = new Client(baseUrl, stats);
  const think = () => sleep(200 + Math.random() * 800);
  const alive = () => Date.now() < deadline;
  tally.users++;
  const lang = pick(LANGS);
  const { item } = launch;
  const password = 'Carpa-2026-load';
  const roll = Math.random();
  const back = roll < 0.7 ? launch.back.pop() : undefined;
  const returning = roll < 0.9 ? (back ?? launch.login.pop()) : undefined;

  let profile;
  if (back) {
    tally.withSession++;
    c.token = sessionToken(launch.secret, back.id);
    profile = await c.call('profile', 'GET', '/api/auth/perfil');
  } else {
    if (Math.random() < 0.5) await c.call('page', 'GET', '/');
    await c.call('browse', 'GET', `/api/${item.type}s/${item.id}?lang=${lang}`);
    if (!alive()) return;
    await think();
    let email = returning?.email;
    if (!email) {
      email = `launch-${index}-${randomBytes(4).toString('hex')}@example.com`;
      const reg = await c.call('register', 'POST', '/api/users', {
        name: 'Carga',
        surname: `Usuario ${index}`,
        email,
        password,
        lang,
      });
      if (reg.status !== 201) return;
      tally.registered++;
    }
    const login = await c.call('login', 'POST', '/api/auth/login', { email, password });
    if (login.status !== 200) return;
    tally.loggedIn++;
    c.token = login.json.token;
    profile = await c.call('profile', 'GET', '/api/auth/perfil');
  }
  const userId = profile.json?._id;
  if (profile.status !== 200 || !userId) return;
  const me = await c.call('my-courses', 'GET', `/api/learning/my-items?lang=${lang}`);
  if (me.status !== 200 || !alive()) return;
  await think();
  await c.call('browse', 'GET', `/api/${item.type}s/${item.id}?lang=${lang}`);
  const started = await c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', {
    items: [{ id: item.id, type: item.type }],
    lang,
  });
  if (started.status !== 201) return;
  tally.paymentsStarted++;
  const paymentIntentId = started.json.paymentIntentId;
  await think();
  if (Math.random() < 0.1) {
    const res = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
      paymentIntentId,
      cardNumber: CARDS.declined,
      ...CARD,
    });
    if (res.json?.status === 'failed') tally.declined++;
    await think();
  }
  const paid = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
    paymentIntentId,
    cardNumber: CARDS.ok,
    ...CARD,
  });
  await c.call('confirm', 'POST', '/api/stripe/confirmar-compra-payment-intent', {
    paymentIntentId,
  });
  if (paid.json?.status === 'succeeded') tally.paid++;
  if (!alive()) return;
  await think();
  await c.call('my-courses', 'GET', `/api/learning/my-items?lang=${lang}`);
  const viewer = await c.call(
    'my-courses',
    'GET',
    `/api/learning/${item.type}s/${item.id}?lang=${lang}`,
  );
  const classes =
    item.type === 'course'
      ? viewer.json?.classes
      : viewer.json?.modules?.flatMap((m) => m.classes ?? []);
  if (classes?.[0]) {
    await think();
    const path = item.type === 'course' ? 'progreso-curso' : 'progreso-formacion';
    const res = await c.call('progress', 'POST', `/api/users/${userId}/${path}/${item.id}`, {
      classId: classes[0]._id,
    });
    if (res.status === 200 || res.status === 201) tally.progressMarked++;
  }
}
