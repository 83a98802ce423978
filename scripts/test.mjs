// `npm test`: lint, type-check, build, jest (unit + API integration on PGlite, and again on
// PostgreSQL when a server answers), then the Playwright journeys against the built, composed app.
// The last line sums every suite: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildAll, ensureDeps, root, run } from './lib.mjs';

const outDir = join(root, '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failures = [];
const timings = [];

function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  try {
    fn();
  } catch (err) {
    failures.push(`${name}: ${err.message}`);
    console.error(`!!! ${name} failed: ${err.message}`);
  } finally {
    timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** The slowest of `[name, ms]`: where the next minutes of the suite are to be found. */
function printSlowest(what, timed, n = 10) {
  const sum = timed.reduce((s, [, ms]) => s + ms, 0);
  console.log(
    `\n--- the ${n} slowest ${what} (of ${timed.length}, ${(sum / 1000).toFixed(0)} s in all):`,
  );
  for (const [name, ms] of timed.sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

function countJest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  printSlowest(
    'test files',
    r.testResults.map((t) => [relative(root, t.name), t.endTime - t.startTime]),
  );
}

/** Every test of a Playwright JSON report, its title path and its results' time. */
function* playwrightTests(suite, path = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      yield [
        `${spec.file}: ${[...here, spec.title].join(' > ')}`,
        t.results.reduce((s, r) => s + r.duration, 0),
      ];
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  printSlowest('journeys', [...report.suites.flatMap((s) => [...playwrightTests(s)])]);
}

/** A TCP probe in a child process (the steps here are synchronous). */
function answers(url, defaultPort) {
  const { hostname, port: p } = new URL(url);
  const host = hostname || '127.0.0.1';
  const port = Number(p || defaultPort);
  const code = `const s=require('net').createConnection(${port},'${host}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1500);`;
  try {
    run(process.execPath, ['-e', code], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const started = Date.now();
// Two jest workers, even on two cores: one file at a time leaves part of the second core idle
// (its test code, Nest and the PGlite worker thread mostly take turns), and two side by side
// took a third less time (docs/testing.md, "What keeps the suite fast"). Jest's default on two
// cores is one, run inside this process. A worker whose heap is past jest.config.mjs'
// `workerIdleMemoryLimit` after a file (each file's modules are a vm context, only partly given
// back) is replaced; the workers inherit this heap limit, room for one heavy file on top.
const JEST_WORKERS = process.env.JEST_WORKERS ?? '2';
const jest = (args, env = {}) =>
  run(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--max-old-space-size=8192',
      'node_modules/jest/bin/jest.js',
      `--maxWorkers=${JEST_WORKERS}`,
      ...args,
    ],
    { env: { NODE_OPTIONS: '--no-warnings', ...env } },
  );

step('install', () => ensureDeps());
step('build', () => buildAll());
step('lint', () => run('npx', ['eslint', '.', '--max-warnings=0']));
step('format', () => run('npx', ['prettier', '--check', '--log-level=warn', '.']));
step('type-check (front ends)', () => run('npx', ['tsc', '-p', 'tsconfig.json']));
step('type-check (api)', () => run('npx', ['tsc', '-p', 'api/tsconfig.json']));

// the shared rate-limit store of several API instances is tested against a real Redis
const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const redisUp = answers(redisUrl, 6379);
if (!redisUp) {
  const msg = `no Redis server answers at ${redisUrl}: the shared rate-limit test is left out`;
  if (process.env.CI) failures.push(msg);
  console.log(`\n=== ${msg}`);
}

const pgUrl =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const pgUp = answers(pgUrl, 5432);

const pglite = join(outDir, 'jest-pglite.json');
step('jest: unit + API integration on PGlite', () => {
  try {
    // two API instances share one database only on a server: that test needs PostgreSQL
    const left = [
      ...(redisUp ? [] : ['rate-limit-redis']),
      ...(pgUp
        ? []
        : [
            'catalog-cache-instances',
            'account-cache-instances',
            'one-statement-at-a-time',
            'jobs-instances',
            'pg-connection-loss',
          ]),
    ];
    const only = left.length ? ['--testPathIgnorePatterns', ...left] : [];
    jest([...only, '--json', `--outputFile=${pglite}`], {
      DATABASE_URL: '',
      REDIS_TEST_URL: redisUrl,
      TEST_DATABASE_URL: pgUrl,
    });
  } finally {
    countJest(pglite);
  }
});

// API files whose outcome does not depend on the store, run on PGlite only: what they test is
// the HTTP boundary (validation, fuzzed input, headers, the OpenAPI document, served pages) or the
// process, the same code on either store. The rest (money, memberships, invoices, jobs, access,
// the catalogue's writes and search, migrations) runs again on PostgreSQL, as in production.
const STORE_INDEPENDENT = [
  'openapi-document',
  'openapi-fuzz',
  'catalog-fuzz',
  'accounts-fuzz',
  'hostile-media',
  'hostile-input',
  'hostile-dates',
  'text-input',
  'admin-validation',
  'no-server-error',
  'security-headers',
  'serve-web',
  'seo\\.int',
  'site\\.int',
  'first-screen',
  'mail-smtp',
  'platform\\.int',
  'api/test/process/',
];

if (pgUp) {
  const pg = join(outDir, 'jest-postgres.json');
  step('jest: API integration on PostgreSQL', () => {
    try {
      jest(
        [
          '--selectProjects',
          'api',
          '--testPathPatterns',
          'int\\.spec',
          '--testPathIgnorePatterns',
          'rate-limit-redis',
          'catalog-cache-instances',
          'account-cache-instances',
          'one-statement-at-a-time',
          'jobs-instances',
          'pg-connection-loss',
          ...STORE_INDEPENDENT,
          '--json',
          `--outputFile=${pg}`,
        ],
        {
          DATABASE_URL: pgUrl,
        },
      );
    } finally {
      countJest(pg);
    }
  });
} else {
  const msg = `no PostgreSQL server answers at ${pgUrl}`;
  if (process.env.CI) failures.push(`jest: API integration on PostgreSQL: ${msg}`);
  console.log(`\n=== jest: API integration on PostgreSQL: skipped, ${msg}`);
}

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(browser)) {
  failures.push(
    `browser tests: no Chromium at ${browser}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
} else {
  const pw = join(outDir, 'playwright.json');
  step('playwright: browser journeys', () => {
    try {
      run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pw, CHROMIUM_PATH: browser },
      });
    } finally {
      countPlaywright(pw);
    }
  });
}

console.log(
  `\n--- timings: ${timings.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
if (failures.length) console.log(`--- failed steps:\n  ${failures.join('\n  ')}`);
const summary = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync(join(outDir, 'summary.txt'), summary + '\n');
console.log(summary);
process.exit(failures.length || totals.failed ? 1 : 0);
