// `npm run load [-- --mix launch] [--instances 2] [--users 200] [--seconds 60] [--profile DIR]
// [--api-root DIR]` (another checkout's built API, e.g. a worktree of the previous release):
// the built app on a PostgreSQL database made for the run (and dropped after it), simulated users
// for a bounded time, then the figures (per route group, requests per second, where the CPU went,
// the pool's waits, the hashing queue) and the purchase checks. Exit 1 on any 5xx, lost, unpaid
// or double purchase or membership period. Mixes: `classic` (each user browses, searches,
// registers, logs in, subscribes or buys, and learns) and `launch` (a new item announced: 70% come
// back with a session, 20% log in, 10% register, then buy it and open it). Loopback only. See
// docs/reliability.md and docs/performance.md.
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, ensureDeps, root } from './lib.mjs';
import { cpuSnapshot, cpuSplitLines } from './reliability/cpu.mjs';
import {
  Stats,
  adminQuery,
  makeLaunchAccounts,
  sessionToken,
  checkPurchases,
  createDatabase,
  freePort,
  newTally,
  printPurchaseCheck,
  runLoad,
  startApi,
  startProxy,
  stopApi,
} from './reliability/lib.mjs';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '1' },
    mix: { type: 'string', default: process.env.LOAD_MIX ?? 'classic' },
    users: { type: 'string', default: process.env.LOAD_USERS ?? '200' },
    seconds: { type: 'string', default: process.env.LOAD_SECONDS ?? '60' },
    'no-build': { type: 'boolean', default: false },
    // another checkout's built API (a baseline: the previous build, measured by the same users)
    'api-root': { type: 'string' },
    // a V8 CPU profile of each API process, written when it stops (open it in Chrome's DevTools)
    profile: { type: 'string' },
  },
});
const instances = Math.min(4, Math.max(1, Number(args.instances)));
const users = Math.min(2000, Math.max(1, Number(args.users)));
const seconds = Math.min(600, Math.max(5, Number(args.seconds)));
const mix = args.mix === 'launch' ? 'launch' : 'classic';
const serverUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The API's environment for a load run: every simulated user comes from 127.0.0.1. */
const JWT_SECRET = 'load-run-secret-that-is-long-enough-0123456789';

export function loadEnv(databaseUrl, extra = {}) {
  return {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    JWT_SECRET,
    // the per-IP limits on login/register (10 a minute) would stop 200 users sharing one address
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTER: '100000',
    // memberships renew during the run: a period lasts a minute, the local clock looks every 5 s
    MEMBERSHIP_PERIOD_MINUTES: '1',
    MEMBERSHIP_CLOCK_MS: '5000',
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/circo-load-data`,
    ...extra,
  };
}

/** argon2id with the API's parameters (OWASP's), for the accounts written before the clock. */
function hashForAccounts(password) {
  const argon2 = createRequire(join(root, 'api/package.json'))('@node-rs/argon2');
  return argon2.hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/** GET /api/admin/diagnostics/runtime of each instance (null where it is missing: older builds). */
async function runtimeOf(apis, token) {
  return Promise.all(
    apis.map(async (api) => {
      try {
        const res = await fetch(`${api.url}/api/admin/diagnostics/runtime`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return res.ok ? await res.json() : null;
      } catch {
        return null;
      }
    }),
  );
}

/** The launch-day set-up: the new item (a formation shown in every language) and the accounts. */
async function prepareLaunch(databaseUrl, users, seconds) {
  const {
    rows: [item],
  } = await adminQuery(
    databaseUrl,
    `select id, 'formation' as type from formations
     where visible ->> 'es' = 'true' and visible ->> 'en' = 'true' and visible ->> 'fr' = 'true'
       and price_cents > 0
     order by created_at desc limit 1`,
  );
  if (!item) throw new Error('the launch mix needs a formation visible in es, en and fr');
  // enough for every user the run can start (a user takes ~6 s), with a margin
  const expected = Math.ceil((users * seconds) / 4);
  const accounts = await makeLaunchAccounts(databaseUrl, {
    back: Math.ceil(expected * 0.7),
    login: Math.ceil(expected * 0.2),
    passwordHash: await hashForAccounts('Carpa-2026-load'),
  });
  return { item, secret: JWT_SECRET, ...accounts };
}

/** An admin of the load's database, for the instances' diagnostics. */
async function loadAdminToken(databaseUrl) {
  const {
    rows: [admin],
  } = await adminQuery(
    databaseUrl,
    `insert into users (name, surname, email, password_hash, role)
     values ('Carga', 'Admin', 'load-admin-' || md5(random()::text) || '@example.com', $1, 'admin')
     returning id`,
    [await hashForAccounts(`unused-${Math.random()}`)],
  );
  return sessionToken(JWT_SECRET, admin.id);
}

async function main() {
  if (!args['no-build'] && !args['api-root']) {
    ensureDeps();
    buildAll();
  }
  console.log(
    `\nload (${mix} mix): ${users} simulated users for ${seconds} s on ${instances} API instance(s), PostgreSQL${instances > 1 ? ' + Redis' : ''}`,
  );
  const db = await createDatabase(serverUrl);
  console.log(`database ${db.name} created`);
  const apis = [];
  let proxy = null;
  let failed = false;
  try {
    const extra = instances > 1 ? { REDIS_URL: redisUrl, TRUST_PROXY: 'true' } : {};
    // the first instance migrates and seeds; the others start on the ready database
    for (let i = 0; i < instances; i++) {
      const nodeArgs = args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : [];
      apis.push(
        await startApi({
          port: await freePort(),
          env: loadEnv(db.url, extra),
          nodeArgs,
          root: args['api-root'],
        }),
      );
    }
    const baseUrls = apis.map((a) => a.url);
    if (instances > 1) {
      proxy = await startProxy(apis.map((a) => a.port));
      console.log(`round-robin proxy ${proxy.url} -> ${baseUrls.join(', ')}`);
    }
    const launch = mix === 'launch' ? await prepareLaunch(db.url, users, seconds) : undefined;
    if (launch) {
      console.log(
        `launch day: the new item is formation ${launch.item.id}; ${launch.back.length} accounts with a session, ${launch.login.length} that log in, ready`,
      );
    }
    const adminToken = await loadAdminToken(db.url);
    const runtimeBefore = await runtimeOf(apis, adminToken);
    const cpuBefore = cpuSnapshot(
      apis.map((a) => a.child.pid),
      runtimeBefore.map((r) => r?.passwordHashing?.cpuMs ?? 0),
    );
    const stats = new Stats();
    const tally = newTally();
    const started = Date.now();
    await runLoad({
      launch,
      // through the proxy, and each user's session also checked directly on another instance
      baseUrls: proxy ? [proxy.url] : baseUrls,
      instanceUrls: instances > 1 ? baseUrls : undefined,
      users,
      seconds,
      stats,
      tally,
    });
    const took = (Date.now() - started) / 1000;
    console.log(
      `\n--- ${took.toFixed(1)} s, ${(stats.total / took).toFixed(0)} req/s; machine load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' / ',
        )} on ${cpus().length} cores (1/5/15 min; other work on the machine skews every figure)`,
    );
    const runtimeAfter = await runtimeOf(apis, adminToken);
    const cpuAfter = cpuSnapshot(
      apis.map((a) => a.child.pid),
      runtimeAfter.map((r) => r?.passwordHashing?.cpuMs ?? 0),
    );
    for (const line of stats.report()) console.log(line);
    for (const line of cpuSplitLines(cpuBefore, cpuAfter)) console.log(line);
    for (const [i, r] of runtimeAfter.entries()) {
      if (!r) continue;
      const h = r.passwordHashing;
      const p = r.dbPool;
      const before = runtimeBefore[i];
      console.log(
        `  API pid ${r.pid}: event-loop delay p50/p99/max ${r.eventLoopDelayMs.p50}/${r.eventLoopDelayMs.p99}/${r.eventLoopDelayMs.max} ms; RSS ${r.rssMb} MB; ` +
          `hashing: ${h.threads} thread(s), ${h.done - (before?.passwordHashing.done ?? 0)} hashes (mean ${h.meanHashMs} ms), ${h.rejected} refused (503)` +
          (p
            ? `; pool: ${p.max} connections, ${p.acquired - (before?.dbPool?.acquired ?? 0)} loans, ${p.waited - (before?.dbPool?.waited ?? 0)} waited >= 1 ms, wait p50/p95/p99/max ${p.waitMs.p50}/${p.waitMs.p95}/${p.waitMs.p99}/${p.waitMs.max} ms`
            : ''),
      );
    }
    console.log(
      `users: ${tally.users} sessions${launch ? ` (${tally.withSession} came back with a session)` : ''}, ${tally.registered} registered, ${tally.loggedIn} logged in, ` +
        `${tally.paymentsStarted} payments started, ${tally.paid} paid, ${tally.declined} declined cards, ` +
        `${tally.twoTabs} carts paid from two tabs at once, ${tally.progressMarked} progress marks, ` +
        `${tally.subscriptionsStarted} memberships started (${tally.subscribeDoubleClicks} with a double click), ${tally.subscribed} first periods paid`,
    );
    if (proxy) {
      console.log(
        `two instances: proxy sent ${[...proxy.served.entries()].map(([p, n]) => `${n} to :${p}`).join(', ')}; ` +
          `a login made through one instance valid on the other: ${tally.crossInstanceLogins} of ${tally.crossInstanceLogins + tally.crossInstanceFailures}`,
      );
      if (tally.crossInstanceFailures > 0) failed = true;
    }
    const fiveXX = stats.count5xx();
    const hung = stats.statuses.get(0) ?? 0;
    console.log(`5xx answers: ${fiveXX}; requests with no answer within 15 s: ${hung}`);
    if (fiveXX > 0 || hung > 0) failed = true;
    const check = await checkPurchases(db.url);
    if (!printPurchaseCheck(check)) failed = true;
  } catch (err) {
    console.error(err);
    failed = true;
  } finally {
    await proxy?.close();
    for (const api of apis) await stopApi(api);
    await db.drop();
    console.log(`database ${db.name} dropped`);
  }
  console.log(failed ? 'LOAD: FAILED' : 'LOAD: OK');
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
