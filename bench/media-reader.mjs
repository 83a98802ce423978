// `npm run bench -- reader`: what reading a genuine file's container costs in the reader worker
// threads (api/src/modules/media/media-reader-pool.ts) against reading it in the calling thread,
// in the same run. Each file is read ROUNDS times in turn three ways: in the calling thread
// (`probeMediaFile`, as the API read before the workers), by the warm pool the API uses
// (`readMediaInfo`), and by a fresh pool of one worker started for that file and ended after it
// (what a worker per file would cost). Medians, and their ratio to the read in the calling
// thread. The built API's modules (api/dist), as `npm start` runs them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from './media-corpus.mjs';
import { median, table } from './stats.mjs';

const root = join(import.meta.dirname, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const LIMITS = { maxSeconds: 180, budgetMs: 3000 };

console.log('Building (nx cache makes this quick when nothing changed)…');
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dist = (file) => import(pathToFileURL(join(root, 'api/dist/modules/media', file)).href);
const { probeMediaFile, readMediaInfo } = await dist('media-info.js');
const { MediaReaderPool, closeMediaReaders } = await dist('media-reader-pool.js');
const { mod: corpus, remove } = await loadCorpus();
const dir = mkdtempSync(join(tmpdir(), 'circo-bench-reader-'));
try {
  const files = [
    ['the demo MP4 (97 KB)', corpus.DEMO_MP4],
    ['a browser recording (WebM, 2 s)', corpus.RECORDING],
    ['a 12 MB MP4', corpus.GENUINE_FILES.mp412MB()],
    ['a 12 MB recording (WebM, 60 s)', corpus.GENUINE_FILES.recording12MB()],
  ].map(([name, bytes], i) => {
    const path = join(dir, `f${i}`);
    writeFileSync(path, bytes);
    return { name, path };
  });
  const time = async (read) => {
    const started = performance.now();
    const probe = await read();
    if (!probe.ok) throw new Error(`a genuine file was refused: ${probe.detail}`);
    return performance.now() - started;
  };
  const ways = {
    inProcess: (path) => probeMediaFile(path, LIMITS),
    pool: (path) => readMediaInfo(path, LIMITS),
    fresh: async (path) => {
      const pool = new MediaReaderPool({ maxOldGenerationSizeMb: 128 });
      try {
        return await pool.read({ kind: 'info', path, limits: LIMITS }, 10_000);
      } finally {
        await pool.close();
      }
    },
  };
  // warm-up: the pool's workers started, the code compiled
  for (const f of files) for (const read of Object.values(ways)) await time(() => read(f.path));
  const rows = [];
  for (const f of files) {
    const ms = { inProcess: [], pool: [], fresh: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [way, read] of Object.entries(ways)) ms[way].push(await time(() => read(f.path)));
    }
    const m = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, median(v)]));
    rows.push([
      f.name,
      m.inProcess.toFixed(2),
      m.pool.toFixed(2),
      `${(m.pool / m.inProcess).toFixed(2)}x`,
      m.fresh.toFixed(2),
      `${(m.fresh / m.inProcess).toFixed(1)}x`,
    ]);
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `Media reader: ms per file, median of ${ROUNDS}; Node ${process.version}; load average ${load}`,
  );
  table(['file', 'calling thread', 'worker pool', 'ratio', 'fresh worker', 'ratio'], rows);
} finally {
  await closeMediaReaders();
  rmSync(dir, { recursive: true, force: true });
  remove();
}
