import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMediaInfo } from './media-info.js';
import { ebmlFile } from '../../../test/support/webm.js';

const fixture = (name: string) => join(import.meta.dirname, '../../../test/fixtures', name);
const demo = join(import.meta.dirname, '../../../content/demo-media/clase-demo.mp4');

describe('the container of a practice clip or voice note', () => {
  it('reads an MP4: duration, frame rate, codec and size', async () => {
    const info = await readMediaInfo(demo);
    expect(info).toMatchObject({ container: 'mp4', frameRate: 12, hasVideo: true });
    expect(info!.durationSeconds).toBeGreaterThan(1);
    expect(info!.codec).toMatch(/^avc1/);
    expect(info!.width).toBeGreaterThan(0);
  });

  it("reads a browser recording's WebM (no duration in its header: from its blocks)", async () => {
    const info = await readMediaInfo(fixture('practice-recording.webm'));
    expect(info).toMatchObject({
      container: 'webm',
      hasVideo: true,
      hasAudio: true,
      codec: 'V_VP8',
    });
    expect(info!.durationSeconds).toBeGreaterThan(1.5);
    expect(info!.durationSeconds).toBeLessThan(2.6);
    expect(info!.frameRate).toBeGreaterThan(10);
    expect(info!.width).toBe(160);
    const voice = await readMediaInfo(fixture('voice-note.webm'));
    expect(voice).toMatchObject({
      container: 'webm',
      hasVideo: false,
      hasAudio: true,
      codec: 'A_OPUS',
    });
    expect(voice!.durationSeconds).toBeGreaterThan(1);
    expect(voice!.durationSeconds).toBeLessThan(2.1);
  });

  it('takes the declared duration of a WebM, and refuses what is not a container', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-info-'));
    const long = join(dir, 'long.webm');
    writeFileSync(long, ebmlFile({ seconds: 200, video: true }));
    expect(await readMediaInfo(long)).toMatchObject({ durationSeconds: 200, hasVideo: true });
    const text = join(dir, 'x.webm');
    writeFileSync(text, 'not a video at all');
    expect(await readMediaInfo(text)).toBeNull();
    // a truncated header
    writeFileSync(text, ebmlFile({ seconds: 5, video: true }).subarray(0, 20));
    expect(await readMediaInfo(text)).toBeNull();
    expect(await readMediaInfo(join(dir, 'missing.webm'))).toBeNull();
  });
});
