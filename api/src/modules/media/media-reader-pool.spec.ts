import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MediaReaderFailure,
  MediaReaderPool,
  type MediaReaderResult,
} from './media-reader-pool.js';
import { DEMO_MP4, mp4WithFragmentRun } from '../../../test/support/media-corpus.js';

const dir = mkdtempSync(join(tmpdir(), 'media-reader-'));
const fileOf = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const demo = fileOf('demo.mp4', DEMO_MP4);
const info = (path: string) =>
  ({ kind: 'info', path, limits: { maxSeconds: 180, budgetMs: 60_000 } }) as const;
const frameRate = (result: MediaReaderResult) =>
  result !== null && typeof result === 'object' && result.ok ? result.info.frameRate : null;

describe('the media reader workers', () => {
  // a small heap, so the file that fills it does so in a second or two
  const pool = new MediaReaderPool({ maxOldGenerationSizeMb: 32 });
  afterAll(() => pool.close());

  it('reads a file in a worker, and reads the next one in the same pool', async () => {
    expect(frameRate(await pool.read(info(demo), 30_000))).toBe(12);
    expect(await pool.read({ kind: 'frameRate', path: demo }, 30_000)).toBe(12);
  });

  it('ends the worker of a file that fills its heap (died), and reads the next file', async () => {
    const bomb = fileOf('heap.mp4', mp4WithFragmentRun(0xffffffff));
    const err = await pool.read(info(bomb), 60_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaReaderFailure);
    expect((err as MediaReaderFailure).reason).toBe('died');
    expect(frameRate(await pool.read(info(demo), 30_000))).toBe(12);
  });

  it('ends the worker of a file that passes its time (timeout), and reads the next file', async () => {
    const loop = fileOf('loop.mp4', mp4WithFragmentRun(0xffffffff, 1));
    const started = performance.now();
    const err = await pool.read(info(loop), 300).catch((e: unknown) => e);
    expect((err as MediaReaderFailure).reason).toBe('timeout');
    // the clock starts once the worker is up (its start is not counted against the file)
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(frameRate(await pool.read(info(demo), 30_000))).toBe(12);
  });

  it('answers each of several reads sent at once, past the pool size', async () => {
    const reads = Array.from({ length: 6 }, () => pool.read(info(demo), 30_000));
    expect((await Promise.all(reads)).map(frameRate)).toEqual([12, 12, 12, 12, 12, 12]);
  });
});
