// `npm run fuzz [-- <seconds>]`: the hostile-input fuzzers, for longer than in `npm test` and with a
// new seed each run, one after the other, sharing the time given:
//   - routes: every route of the OpenAPI document (api/test/openapi-fuzz.int.spec.ts), half the time;
//   - media: the container reader over mutations of the hostile-media corpus
//     (api/src/modules/media/media-fuzz.spec.ts), a third;
//   - dates: the property tests of the calendar-day and period helpers (shared-contracts), the rest
//     (DATE_PROPERTY_RUNS: 250 runs a second of its share).
// Settings: FUZZ_SECONDS (default 120, or the first argument), FUZZ_SEED (default: random, printed
// so a failure can be replayed), FUZZ_MAX_MS (slowest route answer allowed, default 1000),
// DATABASE_URL (the routes on PostgreSQL instead of PGlite). The summary is printed and written to
// test-results/fuzz-summary.txt.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? process.env.FUZZ_SECONDS ?? 120);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error(`fuzz: the duration must be a number of seconds (got "${process.argv[2]}")`);
  process.exit(2);
}
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const report = join(root, 'test-results', 'fuzz-summary.txt');
mkdirSync(dirname(report), { recursive: true });
console.log(
  `fuzz: ${seconds} s, seed ${seed} (replay: FUZZ_SEED=${seed} npm run fuzz -- ${seconds})`,
);

const parts = [
  { name: 'routes', share: 1 / 2, tests: ['api/test/openapi-fuzz.int.spec.ts'] },
  { name: 'media', share: 1 / 3, tests: ['api/src/modules/media/media-fuzz.spec.ts'] },
  {
    name: 'dates',
    share: 1 / 6,
    tests: [
      'shared-contracts/src/domain/edge-dates.spec.ts',
      'shared-contracts/src/domain/stats-period.spec.ts',
    ],
  },
];

const lines = [];
let failed = false;
for (const part of parts) {
  const partSeconds = Math.max(1, Math.round(seconds * part.share));
  const partReport = join(root, 'test-results', `fuzz-${part.name}.txt`);
  rmSync(partReport, { force: true });
  const started = Date.now();
  const res = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      // a test may take its whole share, and more on a busy machine
      `--testTimeout=${(partSeconds * 3 + 60) * 1000}`,
      ...part.tests,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        FUZZ_SECONDS: String(partSeconds),
        DATE_PROPERTY_RUNS: String(partSeconds * 250),
        FUZZ_SEED: seed,
        FUZZ_REPORT: partReport,
        ...part.env?.(partSeconds),
      },
    },
  );
  const took = ((Date.now() - started) / 1000).toFixed(0);
  const detail = existsSync(partReport) ? readFileSync(partReport, 'utf8').trim() : '';
  const ok = res.status === 0;
  failed ||= !ok;
  lines.push(
    `${part.name}: ${ok ? 'passed' : 'FAILED'} in ${took} s${detail ? ` (${detail})` : ''}`,
  );
}
const summary = `fuzz ${seconds} s, seed ${seed}\n${lines.join('\n')}`;
writeFileSync(report, `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed ? 1 : 0);
