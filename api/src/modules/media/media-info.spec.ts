import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_READ_BUDGET_MS, readMediaInfo, type MediaProbe } from './media-info.js';
import { ebmlFile } from '../../../test/support/webm.js';
import {
  DEMO_MP4,
  denseBlocks,
  GENUINE_FILES,
  HOSTILE_FILES,
  RECORDING,
  VOICE,
} from '../../../test/support/media-corpus.js';
import { closeMediaReaders } from './media-reader-pool.js';

const dir = mkdtempSync(join(tmpdir(), 'media-info-'));
let n = 0;
const fileOf = (bytes: Buffer | string) => {
  const path = join(dir, `f${n++}`);
  writeFileSync(path, bytes);
  return path;
};
const CLIP = { maxSeconds: 180 };
const read = (bytes: Buffer | string, limits: { maxSeconds: number; budgetMs?: number } = CLIP) =>
  readMediaInfo(fileOf(bytes), limits);
const infoOf = (probe: MediaProbe) => {
  if (!probe.ok) throw new Error(`refused: ${probe.problem} (${probe.detail})`);
  return probe.info;
};

afterAll(closeMediaReaders);

describe('the container of a practice clip or voice note', () => {
  it('reads an MP4: duration, frame rate, codec and size', async () => {
    const info = infoOf(await read(DEMO_MP4));
    expect(info).toMatchObject({ container: 'mp4', frameRate: 12, hasVideo: true });
    expect(info.durationSeconds).toBeGreaterThan(1);
    expect(info.codec).toMatch(/^avc1/);
    expect(info.width).toBeGreaterThan(0);
  });

  it("reads a browser recording's WebM (no duration in its header: from its blocks)", async () => {
    const info = infoOf(await read(RECORDING));
    expect(info).toMatchObject({ container: 'webm', hasVideo: true, hasAudio: true });
    expect(info.codec).toBe('V_VP8');
    expect(info.durationSeconds).toBeGreaterThan(1.5);
    expect(info.durationSeconds).toBeLessThan(2.6);
    expect(info.frameRate).toBeGreaterThan(10);
    expect(info.width).toBe(160);
    const voice = infoOf(await read(VOICE, { maxSeconds: 60 }));
    expect(voice).toMatchObject({ container: 'webm', hasVideo: false, hasAudio: true });
    expect(voice.codec).toBe('A_OPUS');
    expect(voice.durationSeconds).toBeGreaterThan(1);
    expect(voice.durationSeconds).toBeLessThan(2.1);
  });

  it('takes the declared duration of a WebM whose frames reach it, and refuses what is not a container', async () => {
    expect(infoOf(await read(ebmlFile({ seconds: 200, video: true })))).toMatchObject({
      durationSeconds: 200,
      hasVideo: true,
    });
    expect(await read('not a video at all')).toMatchObject({ ok: false, problem: 'not_media' });
    // a cut header
    expect((await read(ebmlFile({ seconds: 5, video: true }).subarray(0, 20))).ok).toBe(false);
    expect(await readMediaInfo(join(dir, 'missing.webm'), CLIP)).toMatchObject({
      ok: false,
      problem: 'not_media',
    });
  });

  it.each(HOSTILE_FILES.filter((f) => f.as === 'clip').map((f) => [f.name, f] as const))(
    'refuses %s, fast',
    async (_name, file) => {
      const path = fileOf(file.bytes());
      const started = performance.now();
      const probe = await readMediaInfo(path, CLIP);
      const ms = performance.now() - started;
      expect(probe.ok).toBe(false);
      if (!probe.ok) expect(probe.detail.length).toBeLessThan(120);
      // tens of ms on an idle machine (npm run bench -- media); the caps bound it whatever the load
      expect(ms).toBeLessThan(MEDIA_READ_BUDGET_MS);
    },
  );

  it('stops a walk of tiny blocks at the cap the longest clip sets, not at the end of the file', async () => {
    const probe = await read(denseBlocks(80_000), { maxSeconds: 5 });
    expect(probe).toMatchObject({ ok: false, problem: 'too_complex' });
    if (!probe.ok) expect(probe.detail).toMatch(/more than 2400 blocks/);
  });

  it('stops at the time budget, whatever the caps allow', async () => {
    const probe = await read(denseBlocks(400_000), { maxSeconds: 3600, budgetMs: 0 });
    expect(probe).toMatchObject({ ok: false, problem: 'too_complex' });
  });

  it('reads a recording past the longest clip only until it knows: too long, with its length so far', async () => {
    const info = infoOf(await read(GENUINE_FILES.recording12MB(), { maxSeconds: 20 }));
    expect(info.durationSeconds).toBeGreaterThan(21);
    expect(info.durationSeconds).toBeLessThan(23);
  });

  it('takes genuine files of the hostile ones’ sizes: a 12 MB recording and a 12 MB MP4', async () => {
    const recording = GENUINE_FILES.recording12MB();
    expect(recording.length).toBeGreaterThan(11 * 1_048_576);
    const started = performance.now();
    const info = infoOf(await read(recording));
    expect(performance.now() - started).toBeLessThan(MEDIA_READ_BUDGET_MS);
    expect(info).toMatchObject({ hasVideo: true, hasAudio: true, frameRate: 30 });
    expect(info.durationSeconds).toBeCloseTo(60, 0);
    expect(infoOf(await read(GENUINE_FILES.mp412MB()))).toMatchObject({ frameRate: 12 });
    expect(infoOf(await read(GENUINE_FILES.mp4EmptySampleGroups()))).toMatchObject({
      frameRate: 12,
    });
  });
});
