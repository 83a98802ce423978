// `npm run bench:pglite-worker`: does running PGlite in a worker thread keep the API's event loop
// free under load? One catalogue of COURSES courses (+ COURSES / 100 formations, as in
// bench/api-speed.mjs), then ROUNDS rounds of each setup, alternated (A, B, A, B, ...), each in a
// fresh child process on the same data:
//   A. PGlite on the main thread (api/dist openDatabase with pgliteWorker false, PGLITE_WORKER=false);
//   B. the same PGlite in a node:worker_threads Worker, as the API runs it by default (openDatabase
//      with pgliteWorker true: api/dist/database/pglite-worker-client.js).
// In each round, while the API's real search (api/dist CoursesRepository.search and
// FormationsRepository.search in parallel, as SearchService runs them; lang es, limit 20) runs
// one after another on the main thread's Drizzle (the event loop served between two, as between
// two requests; every term new, nothing cached), autocannon (in this parent process, CONNECTIONS
// connections, DURATION_S seconds) hammers a tiny node:http server on 127.0.0.1 in the child's main
// thread that answers a fixed 1.4 KB JSON body: what a cached catalogue answer costs. Printed,
// medians over the rounds: event-loop delay of the child's main thread (monitorEventLoopDelay),
// cached-answer req/s and p50/p99, search p50/p95/p99 and searches per second, memory, the ratio
// B/A; then a trivial `select 1` round trip with nothing else running (the cost of the hop).
// Options (env): COURSES=100000 ROUNDS=3 DURATION_S=10 CONNECTIONS=10 RATE=0 (unlimited)
//   SELECT1=2000 (how many `select 1` round trips)
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { median, pct, table } from './stats.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'api/dist');
const COURSES = Number(process.env.COURSES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
// RATE > 0: autocannon sends at most RATE requests per second in all (a steady load, not a flood)
const RATE = Number(process.env.RATE ?? 0);
const SELECT1 = Number(process.env.SELECT1 ?? 2000);
const LIMIT = 20; // SEARCH_LIMIT.default

// ------------------------------------------------------------------ helpers

const MB = (bytes) => bytes / 1024 / 1024;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** Peak RSS (VmHWM) of this process, in bytes. */
const peakRss = () =>
  1024 * Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
/** The WebAssembly memory of a PGlite client (a private field: best effort). */
const wasmBytes = (client) => client?.mod?.HEAPU8?.byteLength ?? NaN;

/**
 * Endless uncached search terms, the kinds of bench/api-speed.mjs without the 1-2 character
 * one (the API answers it 400 before any database work).
 */
async function* searchTerms(offset) {
  const { DISCIPLINES, LEVELS, PHRASES } = await import('./catalog-data.mjs');
  const words = DISCIPLINES.flatMap((d) => d[0].split(' ')).filter((w) => w.length >= 3);
  const kinds = [
    (w) => w.toLowerCase(),
    (w) =>
      w
        .toUpperCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    (w) => w.slice(0, 4),
    (w, i) => `${w} ${LEVELS[i % LEVELS.length][0]}`,
    (_w, i) => String(1000 + ((i * 7919) % (COURSES - 1000))),
    (_w, i) => PHRASES[i % PHRASES.length][0].split(' ').slice(0, 2).join(' '),
    (_w, i) => `zzqx${i}`,
    (w, i) => w.slice(i % 3, (i % 3) + 3).toLowerCase(),
  ];
  for (let i = offset; ; i++) yield kinds[i % kinds.length](words[i % words.length], i);
}

// ------------------------------------------------------------------ one round (child process)

async function round(mode, dataDir) {
  // the parent gone (stopped, crashed): stop too
  process.once('disconnect', () => process.exit(1));
  const { createServer } = await import('node:http');
  const { openDatabase } = await import(join(dist, 'database/database.js'));
  const { TransactionHost } = await import(join(dist, 'database/transactions.js'));
  const { CoursesRepository } = await import(
    join(dist, 'modules/catalogue/courses/courses.repository.js')
  );
  const { FormationsRepository } = await import(
    join(dist, 'modules/catalogue/formations/formations.repository.js')
  );

  const handle = await openDatabase({ dataDir, pgliteWorker: mode === 'B' }, { migrate: false });
  const db = handle.db;
  const client = db.$client;
  const close = () => handle.close();
  const host = new TransactionHost(db);
  const courses = new CoursesRepository(host);
  const formations = new FormationsRepository(host);
  // what SearchService.search asks of the database
  const search = (q) =>
    Promise.all([formations.items.search('es', q, LIMIT), courses.items.search('es', q, LIMIT)]);

  // the stand-in for a cached answer: fixed bytes, no database work
  const body = Buffer.from(
    JSON.stringify({
      _id: '0b5e3f7c-6f1e-4d8a-9a55-2f4c1b7e9d10',
      title: 'Acrobacia aérea inicial curso 1',
      description: 'x'.repeat(1200),
      price: 9.0,
    }),
  );
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'public, max-age=0, must-revalidate',
    });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));

  // warm-up: JIT, PGlite's buffer pool, the OS page cache
  const warmTerms = searchTerms(100_000);
  const warmUntil = performance.now() + 2000;
  while (performance.now() < warmUntil) {
    await search((await warmTerms.next()).value);
    await new Promise((r) => setImmediate(r));
  }

  const send = (msg) => new Promise((r) => process.send(msg, r));
  const message = (type) =>
    new Promise((r) => {
      const on = (m) => {
        if (m.type !== type) return;
        process.off('message', on);
        r(m);
      };
      process.on('message', on);
    });
  const start = message('start');
  await send({ type: 'ready', port: server.address().port });
  await start;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const took = [];
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    const terms = searchTerms(0);
    while (running) {
      const q = (await terms.next()).value;
      const t = performance.now();
      await search(q);
      took.push(performance.now() - t);
      // the next search comes in as another request would: after what the event loop has queued
      // (PGlite's promises never yield to it on their own, so a bare loop would starve it)
      await new Promise((r) => setImmediate(r));
    }
  })();
  const stop = message('stop');
  await send({ type: 'started' });
  await stop;
  running = false;
  await loop;
  const elapsed = (performance.now() - started) / 1000;
  delay.disable();
  server.close();

  const rss = process.memoryUsage().rss;
  const main = process.memoryUsage();
  const worker = mode === 'B' ? await client.memory() : null;
  const wasm = mode === 'A' ? wasmBytes(client) : worker.wasm;

  // the cost of the hop: `select 1`, one at a time, nothing else running
  const ticks = [];
  for (let i = 0; i < SELECT1; i++) {
    const t = performance.now();
    await client.query('select 1');
    ticks.push(performance.now() - t);
  }
  const sel = ticks.sort((a, b) => a - b);
  const s = took.sort((a, b) => a - b);
  await close();
  await send({
    type: 'result',
    result: {
      loopP50: delay.percentile(50) / 1e6,
      loopP99: delay.percentile(99) / 1e6,
      loopMax: delay.max / 1e6,
      searches: s.length,
      searchPerS: s.length / elapsed,
      searchP50: pct(s, 50),
      searchP95: pct(s, 95),
      searchP99: pct(s, 99),
      select1P50: pct(sel, 50),
      select1P99: pct(sel, 99),
      rss: MB(rss),
      peakRss: MB(peakRss()),
      mainHeap: MB(main.heapUsed + main.external),
      workerHeap: worker ? MB(worker.heapUsed + worker.external) : 0,
      wasm: MB(wasm),
    },
  });
  process.removeAllListeners('disconnect');
  process.disconnect();
}

// ------------------------------------------------------------------ the run (parent process)

async function runRound(mode, dataDir) {
  const { default: autocannon } = await import('autocannon');
  const child = fork(import.meta.filename, ['--round', mode, dataDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const message = (type) =>
    new Promise((resolve, reject) => {
      const on = (m) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
      exited.then((code) => reject(new Error(`round ${mode}: child exited (${code})`)));
    });
  try {
    const { port } = await message('ready');
    const url = `http://127.0.0.1:${port}/`;
    const cannon = (duration, rate = RATE || undefined) =>
      new Promise((resolve, reject) =>
        autocannon({ url, connections: CONNECTIONS, duration, overallRate: rate }, (err, r) =>
          err ? reject(err) : resolve(r),
        ),
      );
    await cannon(1); // warm-up of the HTTP path
    child.send({ type: 'start' });
    await message('started');
    const res = await cannon(DURATION_S);
    const load = loadavg();
    const done = message('result');
    child.send({ type: 'stop' });
    const { result } = await done;
    await exited;
    return {
      ...result,
      rps: res.requests.average,
      p50: res.latency.p50,
      p99: res.latency.p99,
      errors: res.errors + res.timeouts + res.non2xx,
      load,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

async function main() {
  const { spawnSync } = await import('node:child_process');
  console.log('Building (nx cache makes this quick when nothing changed)…');
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(
    `PGlite in a worker thread: ${COURSES.toLocaleString('en')} courses; Node ${process.version}; ` +
      `${ROUNDS} rounds of ${DURATION_S} s per setup, autocannon ${CONNECTIONS} connections` +
      `${RATE ? ` at ${RATE} req/s in all` : ''}; load average ${loadavg()}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'circo-pglite-worker-'));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    const t0 = performance.now();
    const { openDatabase } = await import(join(dist, 'database/database.js'));
    const { fill } = await import('./catalog-data.mjs');
    const handle = await openDatabase({ dataDir, pgliteWorker: false });
    try {
      await fill(handle.db, COURSES);
    } finally {
      await handle.close();
    }
    console.log(`  catalogue filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const runs = { A: [], B: [] };
    for (let r = 1; r <= ROUNDS; r++) {
      for (const mode of ['A', 'B']) {
        process.stdout.write(`  round ${r}/${ROUNDS} ${mode}…`);
        const res = await runRound(mode, dataDir);
        runs[mode].push(res);
        process.stdout.write(
          ` loop p99 ${res.loopP99.toFixed(1)} ms, ${Math.round(res.rps)} req/s, ${res.searchPerS.toFixed(1)} searches/s (load average ${res.load})\n`,
        );
      }
    }
    const m = (mode, key) => median(runs[mode].map((x) => x[key]));
    const rows = [
      ['event-loop delay p50 (ms)', 'loopP50', 2],
      ['event-loop delay p99 (ms)', 'loopP99', 2],
      ['event-loop delay max (ms)', 'loopMax', 1],
      ['cached answer req/s', 'rps', 0],
      ['cached answer p50 (ms, whole ms)', 'p50', 0],
      ['cached answer p99 (ms, whole ms)', 'p99', 0],
      ['searches per second', 'searchPerS', 1],
      ['search p50 (ms)', 'searchP50', 1],
      ['search p95 (ms)', 'searchP95', 1],
      ['search p99 (ms)', 'searchP99', 1],
      ['process RSS after the round (MB)', 'rss', 0],
      ['process peak RSS (MB)', 'peakRss', 0],
      ['main thread JS heap + external (MB)', 'mainHeap', 0],
      ['worker JS heap + external (MB)', 'workerHeap', 0],
      ['PGlite WebAssembly memory (MB)', 'wasm', 0],
      ['`select 1` round trip p50 (ms), idle', 'select1P50', 3],
      ['`select 1` round trip p99 (ms), idle', 'select1P99', 3],
    ].map(([label, key, digits]) => {
      const a = m('A', key);
      const b = m('B', key);
      const rounds = (mode) => runs[mode].map((x) => x[key].toFixed(digits)).join(', ');
      return [
        label,
        `${a.toFixed(digits)} (${rounds('A')})`,
        `${b.toFixed(digits)} (${rounds('B')})`,
        a && b ? `${(b / a).toFixed(2)}x` : '-',
      ];
    });
    console.log(
      `\n  Median of ${ROUNDS} rounds (each round's value in brackets); A: PGlite on the main thread, B: in a worker thread:`,
    );
    table(['', 'A main thread', 'B worker', 'B/A'], rows);
    const errors = [...runs.A, ...runs.B].reduce((n, x) => n + x.errors, 0);
    console.log(`  cached-answer errors: ${errors}; load average now: ${loadavg()}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--round') await round(process.argv[3], process.argv[4]);
else await main();
