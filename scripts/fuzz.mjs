// `npm run fuzz [-- <seconds>]`: the hostile-input fuzzer (api/test/openapi-fuzz.int.spec.ts) over
// every route of the OpenAPI document, for longer than in `npm test` and with a new seed each run.
// Settings: FUZZ_SECONDS (default 120, or the first argument), FUZZ_SEED (default: random, printed
// so a failure can be replayed), FUZZ_MAX_MS (slowest answer allowed, default 1000), DATABASE_URL
// (fuzz on PostgreSQL instead of PGlite). The summary is printed and written to
// test-results/fuzz-summary.txt.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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

const res = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    'api/test/openapi-fuzz.int.spec.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_SECONDS: String(seconds),
      FUZZ_SEED: seed,
      FUZZ_REPORT: report,
    },
  },
);
process.exit(res.status ?? 1);
