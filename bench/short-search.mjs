// `node bench/short-search.mjs` (after `npm run build`): what a search costs the in-memory index
// (api/src/modules/catalogue/search/text-index.ts) by term length, at COURSES entries of one language, with
// no HTTP, database or other process in the way: the part of a search that grows with the
// catalogue, measured apart from the machine's load. Titles and descriptions are made from the
// words of bench/catalog-data.mjs, normalised as lower(f_unaccent(..)) normalises them.
// Options (env): COURSES=100000 ROUNDS=200 LIMIT=20
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { DISCIPLINES, LEVELS, PHRASES } from './catalog-data.mjs';
import { pct, table } from './stats.mjs';

const COURSES = Number(process.env.COURSES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const LIMIT = Number(process.env.LIMIT ?? 20);
const { TextIndex } = await import(
  join(import.meta.dirname, '../api/dist/modules/catalogue/search/text-index.js')
);

const norm = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const entries = Array.from({ length: COURSES }, (_, i) => ({
  id: Buffer.from(i.toString(16).padStart(32, '0'), 'hex'),
  title: norm(`${DISCIPLINES[i % DISCIPLINES.length][0]} ${LEVELS[i % LEVELS.length][0]} ${i}`),
  body: norm(
    `curso ${i}: ${PHRASES[i % PHRASES.length][0]}, ${PHRASES[(i * 7) % PHRASES.length][0]}`,
  ),
})).sort((a, b) => Buffer.compare(Buffer.from(a.title), Buffer.from(b.title)));
const packed = (texts) => Buffer.concat(texts.map((t) => Buffer.from(`${t}\0`)));
const page = {
  ids: Buffer.concat(entries.map((e) => e.id)),
  titles: packed(entries.map((e) => e.title)),
  bodies: packed(entries.map((e) => e.body)),
};
const builder = TextIndex.builder({
  entries: COURSES,
  titleBytes: page.titles.length,
  bodyBytes: page.bodies.length,
});
builder.add(page);
const index = builder.build();

const kinds = [
  ['1 char, common', ['a', 'e', 'o', 'r']],
  ['2 chars, common', ['ro', 'ac', 'te', 'al']],
  ['1-2 chars, no match', ['ǂ', 'qz', 'jx', 'xz']],
  ['1-2 digits (ids)', ['7', '42', '99', '05']],
  ['3 chars', ['aro', 'tel', 'equ', 'mal']],
  ['word', ['acrobacia', 'malabares', 'equilibrio', 'trapecio']],
  ['no match (5 chars)', ['zzqxw', 'qqqqq', 'xjxjx', 'wqwqw']],
];
const rows = [];
for (const [kind, terms] of kinds) {
  const times = [];
  let found = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const term = norm(terms[r % terms.length]);
    const t = performance.now();
    found += index.search(term, LIMIT).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  rows.push([
    kind,
    (found / ROUNDS).toFixed(1),
    ...[50, 95, 99].map((p) => `${pct(times, p).toFixed(3)} ms`),
  ]);
}
console.log(
  `TextIndex.search at ${COURSES.toLocaleString('en')} entries (${(index.bytes / 1_048_576).toFixed(1)} MB), limit ${LIMIT}, ${ROUNDS} searches per kind:`,
);
table(['terms', 'answers', 'p50', 'p95', 'p99'], rows);
