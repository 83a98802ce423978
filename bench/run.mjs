// `npm run bench [-- api|web|hostile|media|reader|pages|browser]`: the API's speed (bench/api-speed.mjs, long),
// the storefront's weight and Lighthouse figures (bench/web-perf.mjs), what a hostile body costs
// (bench/hostile-input.mjs, short), what a hostile practice file costs (bench/hostile-media.mjs,
// short), what reading a genuine one costs in the reader workers (bench/media-reader.mjs, short)
// and how long a course page's HTML takes (bench/page-render.mjs, short), and what the journeys'
// Chromium costs per page load (bench/chromium-flags.mjs); all seven when no part is named.
// `against` (bench/web-against.mjs, AGAINST=<checkout>) sets Lighthouse on this build and another
// side by side; it runs only when named.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const parts = process.argv.slice(2);
const run = parts.length ? parts : ['api', 'web', 'hostile', 'media', 'reader', 'pages', 'browser'];
const scripts = {
  api: 'api-speed.mjs',
  web: 'web-perf.mjs',
  hostile: 'hostile-input.mjs',
  media: 'hostile-media.mjs',
  reader: 'media-reader.mjs',
  pages: 'page-render.mjs',
  browser: 'chromium-flags.mjs',
  against: 'web-against.mjs',
};
for (const part of run) {
  if (!scripts[part]) {
    console.error(
      `unknown part "${part}": use api, web, hostile, media, reader, pages, browser, against or nothing (all but against)`,
    );
    process.exit(2);
  }
}
for (const part of run) {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, scripts[part])], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
