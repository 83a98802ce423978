import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { frameRateOf, readFrameRate } from './frame-rate.js';
import { closeMediaReaders } from './media-reader-pool.js';

const DEMO = join(import.meta.dirname, '../../../content/demo-media/clase-demo.mp4');

afterAll(closeMediaReaders);

describe('frame rate from the container', () => {
  it('reads the demo class video (MP4) frame rate: 96 frames in 8 s', async () => {
    expect(await readFrameRate(DEMO)).toBe(12);
  });

  it('answers null for a file that is not an MP4, and for a missing one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fps-'));
    try {
      const webm = join(dir, 'x.webm');
      writeFileSync(webm, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 1, 2, 3, 4]));
      expect(await readFrameRate(webm)).toBeNull();
      expect(await readFrameRate(join(dir, 'none.mp4'))).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('averages a variable rate and refuses nonsense', () => {
    const track = (nb_samples: number, duration: number, timescale: number) =>
      ({ nb_samples, duration, samples_duration: duration, timescale }) as never;
    expect(frameRateOf({ videoTracks: [track(300, 10_010, 1000)] })).toBe(29.97);
    expect(frameRateOf({ videoTracks: [track(5, 1000_000, 1000)] })).toBeNull();
    expect(frameRateOf({ videoTracks: [] })).toBeNull();
  });
});
