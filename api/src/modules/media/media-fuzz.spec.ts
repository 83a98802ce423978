// The container reader against mutations of the hostile-media corpus and of genuine recordings:
// whatever the bytes, a read ends within its budget with facts that fit their columns, or with a
// refusal; it never throws. A few seconds in `npm test`; `npm run fuzz` runs it for as long as
// it is given (FUZZ_SECONDS) with a new seed (FUZZ_SEED, printed so a failure can be replayed).
import { jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_DIMENSION } from './media-facts.js';
import { MEDIA_READ_BUDGET_MS, readMediaInfo } from './media-info.js';
import { closeMediaReaders } from './media-reader-pool.js';
import {
  DEMO_MP4,
  denseBlocks,
  HOSTILE_FILES,
  RECORDING,
  recording,
  VOICE,
} from '../../../test/support/media-corpus.js';
import { ebmlFile } from '../../../test/support/webm.js';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** A read may overrun its budget by one window or box (tens of ms) on a loaded machine. */
const READ_MS = MEDIA_READ_BUDGET_MS + 1500;
const MIN_FILES = 30;

/** mulberry32: a small seeded generator, so a failing seed replays the same files. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS: Buffer[] = [
  RECORDING,
  VOICE,
  DEMO_MP4,
  recording(3, 30, 300),
  ebmlFile({ seconds: 10, video: true }),
  ebmlFile({ seconds: 30, video: false }),
  denseBlocks(2_000),
  ...HOSTILE_FILES.map((f) => f.bytes()).filter((b) => b.length < 1_048_576),
];

/** Values a size or number field is most often wrong with. */
const EDGES = [0x00, 0x01, 0x7f, 0x80, 0xff, 0x08, 0x10, 0x40];

function mutate(input: Buffer, next: () => number): Buffer {
  let b = Buffer.from(input);
  const at = () => Math.floor(next() * b.length);
  const rounds = 1 + Math.floor(next() * 8);
  for (let r = 0; r < rounds; r++) {
    switch (Math.floor(next() * 6)) {
      case 0: // flip bits
        b[at()] ^= 1 << Math.floor(next() * 8);
        break;
      case 1: // an edge value where a size or a number may be
        b[at()] = EDGES[Math.floor(next() * EDGES.length)]!;
        break;
      case 2: // cut the file
        b = b.subarray(0, at());
        break;
      case 3: {
        // repeat a slice (elements and boxes repeated, sizes now wrong)
        const from = at();
        const slice = b.subarray(from, from + Math.floor(next() * 4096));
        const to = at();
        b = Buffer.concat([b.subarray(0, to), slice, slice, b.subarray(to)]);
        break;
      }
      case 4: // an 8-byte size of all ones (unknown) or of 2^56-2 somewhere
        b.fill(next() < 0.5 ? 0xff : 0xfe, at(), Math.min(b.length, at() + 8));
        break;
      default: {
        // remove a slice
        const from = at();
        b = Buffer.concat([b.subarray(0, from), b.subarray(from + Math.floor(next() * 512))]);
      }
    }
    if (b.length === 0) break;
  }
  return b;
}

afterAll(closeMediaReaders);

describe('the container reader under mutated files', () => {
  it(
    `reads ${SECONDS} s of mutated clips: within its budget, facts that fit, never a throw (seed ${SEED})`,
    async () => {
      // mp4box writes each box it cannot parse to console.error: thousands of lines here
      const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const dir = mkdtempSync(join(tmpdir(), 'media-fuzz-'));
      const next = rng(SEED);
      const until = performance.now() + SECONDS * 1000;
      const problems: string[] = [];
      let files = 0;
      // for its time, and at least MIN_FILES files: a file that ends its reader (a fresh one
      // starts for the next) or runs to the read's budget takes seconds of a short run
      while ((performance.now() < until || files < MIN_FILES) && problems.length < 5) {
        const seedIndex = Math.floor(next() * SEEDS.length);
        const bytes = mutate(SEEDS[seedIndex]!, next);
        const path = join(dir, `f${files++ % 8}`);
        writeFileSync(path, bytes);
        const started = performance.now();
        let probe;
        try {
          probe = await readMediaInfo(path, { maxSeconds: 180 });
        } catch (err) {
          problems.push(`file ${files} (from seed ${seedIndex}) threw: ${String(err)}`);
          continue;
        }
        const ms = performance.now() - started;
        if (ms > READ_MS) problems.push(`file ${files} (from seed ${seedIndex}) took ${ms} ms`);
        if (!probe.ok) continue;
        const i = probe.info;
        const fits =
          Number.isFinite(i.durationSeconds) &&
          i.durationSeconds > 0 &&
          (i.width === null || (Number.isInteger(i.width) && i.width <= MAX_DIMENSION)) &&
          (i.height === null || (Number.isInteger(i.height) && i.height <= MAX_DIMENSION)) &&
          (i.codec === null || /^[\x21-\x7e]{1,40}$/.test(i.codec)) &&
          (i.frameRate === null || (i.frameRate >= 1 && i.frameRate <= 240));
        if (!fits) problems.push(`file ${files} (from seed ${seedIndex}): ${JSON.stringify(i)}`);
      }
      quiet.mockRestore();
      if (process.env.FUZZ_REPORT) {
        writeFileSync(
          process.env.FUZZ_REPORT,
          `${files} mutated files from ${SEEDS.length} seeds, ${problems.length} problems`,
        );
      }
      expect(problems).toEqual([]);
    },
    (SECONDS + 120) * 1000,
  );
});
