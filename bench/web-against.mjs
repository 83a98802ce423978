// `AGAINST=<checkout> npm run bench -- against`: Lighthouse on this build and on another built
// checkout (a worktree of the code before a change, `npm install && npm run build` there), each
// on its own API and scratch PGlite database with the demo data, alternated run by run on each
// page, so that a machine that slows down or speeds up meanwhile moves both alike. Prints, page by
// page, the median performance score, TBT and LCP of each and every run's score. Lighthouse as in
// `bench/web-perf.mjs` (13, mobile preset, Debian's chromium).
// Options (env): AGAINST (required)  RUNS=5  PAGES=/,/cursos (labels of web-perf.mjs'
// visitorPages: /, /cursos, course page, formation page, item not in English, /login...)
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startBuiltApi } from './process-tools.mjs';
import { median } from './stats.mjs';
import { lighthouseAgainIfLost, visitorPages } from './web-perf.mjs';

const here = join(import.meta.dirname, '..');
const against = process.env.AGAINST ? resolve(process.env.AGAINST) : null;
const RUNS = Number(process.env.RUNS ?? 5);
const PAGES = (process.env.PAGES ?? '/,/cursos').split(',').map((p) => p.trim());

/** Each visitor page's address on one server (an item's page names an item of its database). */
const addresses = async (base) => Object.fromEntries((await visitorPages(base)).visitor);

const summary = (runs) =>
  `${String(median(runs.map((r) => r.perf))).padStart(5)} ${`${Math.round(median(runs.map((r) => r.tbtMs)))} ms`.padStart(8)} ${`${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s`.padStart(7)}   ${runs.map((r) => r.perf).join(' / ')}`;

async function main() {
  if (!against || !existsSync(join(against, 'api/dist/main.js'))) {
    console.error('AGAINST=<a built checkout> is required (api/dist/main.js there)');
    process.exit(2);
  }
  // up to 3 minutes each for a first start (the demo media made on an empty data dir)
  const servers = {
    now: await startBuiltApi(here, {}, { tries: 1800 }),
    before: await startBuiltApi(against, {}, { tries: 1800 }),
  };
  try {
    const paths = {
      now: await addresses(servers.now.base),
      before: await addresses(servers.before.base),
    };
    console.log(`Lighthouse 13, mobile preset, ${RUNS} runs each, alternated; before: ${against}`);
    console.log(
      `  ${'page'.padEnd(26)} ${'build'.padEnd(7)} ${'perf'.padStart(5)} ${'TBT'.padStart(8)} ${'LCP'.padStart(7)}   runs (perf)`,
    );
    for (const label of PAGES) {
      if (!paths.now[label]) throw new Error(`unknown page "${label}"`);
      const runs = { now: [], before: [] };
      for (let i = 0; i < RUNS; i++) {
        // the older build first on even runs, second on odd ones
        const order = i % 2 === 0 ? ['before', 'now'] : ['now', 'before'];
        for (const build of order)
          runs[build].push(await lighthouseAgainIfLost(servers[build].base + paths[build][label]));
      }
      for (const build of ['before', 'now'])
        console.log(`  ${label.padEnd(26)} ${build.padEnd(7)} ${summary(runs[build])}`);
    }
  } finally {
    await servers.now.close();
    await servers.before.close();
  }
}

await main();
