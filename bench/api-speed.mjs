// `npm run bench`: the API's speed on this machine, on PGlite and on PostgreSQL, each against a
// bare NestJS-on-Fastify app serving the same JSON bytes (bench/bare-server.mjs) in the same run.
// For each store: a catalogue of COURSES courses (+ COURSES / 100 formations), the built API
// started as in production (default log level), then ROUNDS rounds of autocannon (CONNECTIONS
// connections, DURATION_S seconds) per route, each beside a run of the bare route, medians printed
// with the ratio to the bare route and the CPU per answer of the server and of the client;
// the API's RSS idle and after the load; then search latency by term kind, one request at a time,
// each URL new (so every search is a cache miss that reaches the database).
// Options (env): COURSES=100000 ROUNDS=3 DURATION_S=10 CONNECTIONS=50 SEARCHES=320
//   BENCH_STORES=pglite,postgres  DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test:
//   a scratch database is created on that server and dropped at the end), BENCH_PARTS=load,search.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { API_PROCESS_ENV } from '../scripts/lib.mjs';
import { DISCIPLINES, LEVELS, PHRASES, fill } from './catalog-data.mjs';
import { fmt, freePort, loadCannon, memory, sleep, stop, waitFor } from './process-tools.mjs';
import { median, pct, table } from './stats.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'api/dist');
const COURSES = Number(process.env.COURSES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SEARCHES = Number(process.env.SEARCHES ?? 320);
const STORES = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const SERVER_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_PARTS=search skips the throughput rounds (quicker when only search changed)
const PARTS = (process.env.BENCH_PARTS ?? 'load,search').split(',').map((s) => s.trim());

const cannon = loadCannon(CONNECTIONS, DURATION_S);

// ------------------------------------------------------------------ one store

async function benchStore(store) {
  const dataDir = mkdtempSync(join(tmpdir(), 'circo-bench-'));
  let databaseUrl = null;
  let dbName = null;
  if (store === 'postgres') {
    dbName = `circo_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(SERVER_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  let api;
  let bare;
  try {
    console.log(`\n## ${store === 'postgres' ? 'PostgreSQL server' : 'PGlite (embedded)'}`);
    const t0 = performance.now();
    const { openDatabase } = await import(join(dist, 'database/database.js'));
    // the fill is set-up, on this thread; the API under test reads PGLITE_WORKER from the environment
    const handle = await openDatabase({ dataDir, databaseUrl, pgliteWorker: false });
    await fill(handle.db, COURSES);
    await printSearchPlans(handle.db);
    await handle.close();
    console.log(
      `  ${fmt(COURSES)} courses filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const port = await freePort();
    api = spawn(process.execPath, [join(dist, 'main.js')], {
      cwd: root,
      env: {
        ...API_PROCESS_ENV,
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        NODE_ENV: 'production',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api`;
    await waitFor(`${base}/health`, api);
    await sleep(3000);
    const idle = memory(api.pid);

    // the answers, as the bare app will send them
    const list = await fetch(`${base}/courses/visible?lang=es`);
    const listBody = await list.text();
    const etag = list.headers.get('etag');
    const id = JSON.parse(listBody)[0]._id;
    const detailBody = await (await fetch(`${base}/courses/${id}`)).text();
    const searchBody = await (await fetch(`${base}/search?q=acrobacia`)).text();
    const bodiesFile = join(dataDir, 'bare-bodies.json');
    writeFileSync(
      bodiesFile,
      JSON.stringify({ list: listBody, detail: detailBody, search: searchBody }),
    );
    const barePort = await freePort();
    bare = fork(join(import.meta.dirname, 'bare-server.mjs'), [], {
      env: { ...process.env, PORT: String(barePort), BARE_BODIES: bodiesFile },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await waitFor(`http://127.0.0.1:${barePort}/bare/list`, bare);
    const bareUrl = (name) => `http://127.0.0.1:${barePort}/bare/${name}`;

    if (!PARTS.includes('load')) {
      const search = await searchLatency(base);
      const after = memory(api.pid);
      console.log(
        `  API RSS: ${idle.rss.toFixed(0)} MB idle (peak during start ${idle.peak.toFixed(0)} MB), ${after.rss.toFixed(0)} MB after the searches (peak ${after.peak.toFixed(0)} MB)`,
      );
      return { store, idle, search };
    }
    const routes = [
      {
        name: 'GET /api/courses/visible?lang=es',
        url: `${base}/courses/visible?lang=es`,
        bare: 'list',
      },
      {
        name: '  the same, If-None-Match (304)',
        url: `${base}/courses/visible?lang=es`,
        headers: { 'if-none-match': etag },
        bare: 'list',
      },
      { name: 'GET /api/courses/{id}', url: `${base}/courses/${id}`, bare: 'detail' },
      { name: 'GET /api/search?q=acrobacia', url: `${base}/search?q=acrobacia`, bare: 'search' },
    ];
    const bareNames = ['list', 'detail', 'search'];
    // warm-up: JIT, connection pools, the API's cache
    for (const name of bareNames) await cannon(bareUrl(name), {}, 2);
    for (const r of routes) await cannon(r.url, r.headers, 2);

    const results = new Map();
    const record = (key, res) => {
      const bad = res.non2xx - (key.endsWith('(304)') ? res.requests.total : 0);
      results.set(key, [
        ...(results.get(key) ?? []),
        {
          rps: res.requests.average,
          p50: res.latency.p50,
          p99: res.latency.p99,
          errors: res.errors + res.timeouts + Math.max(0, bad),
          cpuUs: res.cpuUs,
          clientUs: res.clientUs,
          reads: res.reads,
        },
      ]);
    };
    // each route is measured right beside its own bare run, in turn first and second, so that a
    // burst of other work on this shared machine lands on both sides of a ratio
    for (let round = 1; round <= ROUNDS; round++) {
      process.stdout.write(`  round ${round}/${ROUNDS}…`);
      for (const r of routes) {
        const pair = [
          async () =>
            record(`bare:${r.name}`, await cannon(bareUrl(r.bare), {}, DURATION_S, bare.pid)),
          async () => record(r.name, await cannon(r.url, r.headers, DURATION_S, api.pid)),
        ];
        if (round % 2 === 0) pair.reverse();
        for (const run of pair) await run();
      }
      process.stdout.write(' done\n');
    }
    const loaded = memory(api.pid);

    const rows = routes.map((r) => {
      const runs = results.get(r.name);
      const bareRuns = results.get(`bare:${r.name}`);
      const ratios = runs.map((x, i) => x.rps / bareRuns[i].rps);
      return [
        r.name,
        fmt(median(runs.map((x) => x.rps))),
        `${median(runs.map((x) => x.p50))} / ${median(runs.map((x) => x.p99))} ms`,
        fmt(median(bareRuns.map((x) => x.rps))),
        `${median(ratios).toFixed(2)}x (${ratios.map((x) => x.toFixed(2)).join(', ')})`,
        `${median(runs.map((x) => x.cpuUs)).toFixed(1)} / ${median(bareRuns.map((x) => x.cpuUs)).toFixed(1)} µs (${median(runs.map((x, i) => bareRuns[i].cpuUs / x.cpuUs)).toFixed(2)}x)`,
        `${median(runs.map((x) => x.clientUs)).toFixed(0)} / ${median(bareRuns.map((x) => x.clientUs)).toFixed(0)} µs, ${median(runs.map((x) => x.reads)).toFixed(2)} / ${median(bareRuns.map((x) => x.reads)).toFixed(2)} reads`,
        runs.reduce((n, x) => n + x.errors, 0),
      ];
    });
    console.log(
      `\n  Throughput: autocannon ${CONNECTIONS} connections x ${DURATION_S} s, median of ${ROUNDS} rounds (bare route measured in each round):`,
    );
    table(
      [
        'route',
        'req/s',
        'p50 / p99',
        'bare req/s',
        'ratio to bare (rounds)',
        'server CPU per request, API / bare (bare/API)',
        'client per answer, API / bare',
        'errors',
      ],
      rows,
    );
    console.log(
      `  load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    console.log(
      `  API RSS: ${idle.rss.toFixed(0)} MB idle (peak during start ${idle.peak.toFixed(0)} MB), ${loaded.rss.toFixed(0)} MB after the load (peak ${loaded.peak.toFixed(0)} MB)`,
    );

    const search = PARTS.includes('search') ? await searchLatency(base) : null;
    return { store, rows, idle, loaded, search };
  } finally {
    await stop(api);
    await stop(bare);
    if (dbName) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** EXPLAIN ANALYZE of the search steps at this size: which index serves which kind of term. */
async function printSearchPlans(db) {
  const { TransactionHost } = await import(join(dist, 'database/transactions.js'));
  const { CoursesRepository } = await import(
    join(dist, 'modules/catalogue/courses/courses.repository.js')
  );
  const { SEARCH_PROBE, DESCRIPTION_WALK } = await import(
    join(dist, 'modules/catalogue/search/text-search.js')
  );
  const repo = new CoursesRepository(new TransactionHost(db));
  console.log(
    `  search plans at this size (courses, es; a probe reads up to ${SEARCH_PROBE} matches):`,
  );
  for (const [kind, q] of [
    ['common in titles', 'acrobacia'],
    ['common in descriptions only', 'progresiones'],
    ['rare', 'curso 4242'],
  ]) {
    const steps = repo.items.searchSteps('es', q);
    for (const [name, query] of [
      ['title probe', steps.title.probe(20)],
      ['title walk', steps.title.walk(20)],
      ['description probe', steps.descriptionOnly.probe(20)],
      ['description walk (bounded)', steps.descriptionOnly.boundedWalk(20, DESCRIPTION_WALK)],
      ['description, all matches sorted', steps.descriptionOnly.all(20)],
    ]) {
      const res = await db.execute(sql`explain (analyze, costs off) ${query}`);
      const lines = res.rows.map((r) => Object.values(r)[0]);
      const used = [
        ...new Set(
          lines.flatMap((l) => /(?:Scan|Scan using|Scan on) (\w+_idx)/.exec(l)?.[1] ?? []),
        ),
      ];
      const ms = lines.find((l) => /Execution Time/.test(l))?.replace(/.*: /, '');
      console.log(`    ${kind} "${q}", ${name}: ${used.join(', ') || 'no index'}; ${ms}`);
    }
  }
}

/** Search latency per term kind, sequential, every URL new (a cache miss that reaches the database). */
async function searchLatency(base) {
  // the in-memory search index is built on a table's first search (the body fetched above did
  // it): wait for it, as a running server would have it; SEARCH_INDEX=false measures SQL alone
  const waited = performance.now();
  let health;
  for (;;) {
    health = await (await fetch(`${base}/health`)).json();
    if (!health.searchIndex.building) break;
    await sleep(100);
  }
  console.log(
    `\n  search index: ${fmt(health.searchIndex.entries)} entries, ${(health.searchIndex.bytes / 1_048_576).toFixed(1)} MB` +
      ` (the last table's build took ${health.searchIndex.lastBuildMs} ms; ready ${((performance.now() - waited) / 1000).toFixed(1)} s after the searches were due)`,
  );
  const words = DISCIPLINES.flatMap((d) => d[0].split(' ')).filter((w) => w.length >= 3);
  const kinds = [
    ['word', (w) => w.toLowerCase()],
    [
      'accent/case variant',
      (w) =>
        w
          .toUpperCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
    ],
    ['prefix (4 chars)', (w) => w.slice(0, 4)],
    ['two words', (w, i) => `${w} ${LEVELS[i % LEVELS.length][0]}`],
    ['rare (id)', (_w, i) => String(1000 + ((i * 7919) % (COURSES - 1000)))],
    [
      'description phrase',
      (_w, i) => PHRASES[i % PHRASES.length][0].split(' ').slice(0, 2).join(' '),
    ],
    ['no match', (_w, i) => `zzqx${i}`],
    ['3 chars', (w, i) => w.slice(i % 3, (i % 3) + 3).toLowerCase()],
    ['short (1-2 chars)', (w, i) => w.slice(1, 2 + (i % 2)).toLowerCase()],
    // short terms are searched too; one that matches nothing reads every title and description
    ['short, no match (1-2 chars)', (_w, i) => ['qz', 'jx', 'ǂ', 'wq', 'xz', 'ꙮ'][i % 6]],
  ];
  const byKind = new Map();
  const statuses = new Map();
  for (let i = 0; i < SEARCHES; i++) {
    const [kind, make] = kinds[i % kinds.length];
    const term = make(words[i % words.length], i);
    // leading spaces are trimmed by the API: the same search, a URL never asked before
    const q = `${' '.repeat(1 + Math.floor(i / kinds.length))}${term}`;
    const t = performance.now();
    const res = await fetch(`${base}/search?q=${encodeURIComponent(q)}&lang=es`);
    await res.arrayBuffer();
    const took = performance.now() - t;
    if (res.status !== 200 && res.status !== 400) throw new Error(`search ${q}: ${res.status}`);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    statuses.set(kind, [...new Set([...(statuses.get(kind) ?? []), res.status])]);
  }
  const rows = [];
  const all = [];
  for (const [kind, values] of byKind) {
    const s = [...values].sort((a, b) => a - b);
    all.push(...values);
    rows.push([
      kind,
      s.length,
      statuses.get(kind).join('/'),
      ...[50, 95, 99].map((p) => `${pct(s, p).toFixed(1)} ms`),
    ]);
  }
  const s = all.sort((a, b) => a - b);
  rows.push(['ALL', s.length, '', ...[50, 95, 99].map((p) => `${pct(s, p).toFixed(1)} ms`)]);
  console.log(
    `\n  Search at ${fmt(COURSES)} courses, GET /api/search?q=…&lang=es, one at a time, each URL new:`,
  );
  table(['terms', 'queries', 'status', 'p50', 'p95', 'p99'], rows);
  console.log(
    `  load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  return rows;
}

// ------------------------------------------------------------------ run

console.log('Building (nx cache makes this quick when nothing changed)…');
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(
  `API speed: ${fmt(COURSES)} courses; Node ${process.version}; ${STORES.join(' and ')}; ` +
    `PGLITE_WORKER=${process.env.PGLITE_WORKER || 'true (default)'}; load from autocannon on this machine`,
);
for (const store of STORES) await benchStore(store);
