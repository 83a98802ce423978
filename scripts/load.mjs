// `npm run load [-- --instances 2] [--users 200] [--seconds 60]`: the built app on a PostgreSQL
// database made for the run (and dropped after it), simulated users for a bounded time, then the
// figures and the purchase checks. Exit 1 on any 5xx, lost, unpaid or double purchase.
// Loopback only. See docs/reliability.md.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildAll, ensureDeps } from './lib.mjs';
import {
  Stats,
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
    users: { type: 'string', default: process.env.LOAD_USERS ?? '200' },
    seconds: { type: 'string', default: process.env.LOAD_SECONDS ?? '60' },
    'no-build': { type: 'boolean', default: false },
    // a V8 CPU profile of each API process, written when it stops (open it in Chrome's DevTools)
    profile: { type: 'string' },
  },
});
const instances = Math.min(4, Math.max(1, Number(args.instances)));
const users = Math.min(2000, Math.max(1, Number(args.users)));
const seconds = Math.min(600, Math.max(5, Number(args.seconds)));
const serverUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The API's environment for a load run: every simulated user comes from 127.0.0.1. */
export function loadEnv(databaseUrl, extra = {}) {
  return {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    JWT_SECRET: 'load-run-secret-that-is-long-enough-0123456789',
    // the per-IP limits on login/register (10 a minute) would stop 200 users sharing one address
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTER: '100000',
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/circo-load-data`,
    ...extra,
  };
}

async function main() {
  if (!args['no-build']) {
    ensureDeps();
    buildAll();
  }
  console.log(
    `\nload: ${users} simulated users for ${seconds} s on ${instances} API instance(s), PostgreSQL${instances > 1 ? ' + Redis' : ''}`,
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
      apis.push(await startApi({ port: await freePort(), env: loadEnv(db.url, extra), nodeArgs }));
    }
    const baseUrls = apis.map((a) => a.url);
    if (instances > 1) {
      proxy = await startProxy(apis.map((a) => a.port));
      console.log(`round-robin proxy ${proxy.url} -> ${baseUrls.join(', ')}`);
    }
    const stats = new Stats();
    const tally = newTally();
    const started = Date.now();
    await runLoad({
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
    for (const line of stats.report()) console.log(line);
    console.log(
      `users: ${tally.users} sessions, ${tally.registered} registered, ${tally.loggedIn} logged in, ` +
        `${tally.paymentsStarted} payments started, ${tally.paid} paid, ${tally.declined} declined cards, ` +
        `${tally.twoTabs} carts paid from two tabs at once, ${tally.progressMarked} progress marks`,
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
