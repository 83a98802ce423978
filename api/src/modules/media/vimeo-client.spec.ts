import { pickOfflineFile, type VimeoFile } from './vimeo-client.js';

const mp4 = (height: number, size = height * 1000): VimeoFile => ({
  quality: height >= 720 ? 'hd' : 'sd',
  rendition: `${height}p`,
  type: 'video/mp4',
  width: Math.round((height * 16) / 9),
  height,
  link: `https://player.vimeo.com/progressive_redirect/playback/1/rendition/${height}p/file.mp4`,
  size,
  link_expiration_time: '2030-01-01T00:00:00+00:00',
});
const hls: VimeoFile = {
  quality: 'hls',
  rendition: 'adaptive',
  type: 'video/mp4',
  link: 'https://player.vimeo.com/external/1.m3u8',
};

describe('pickOfflineFile: the rendition a student downloads', () => {
  it('takes the tallest progressive mp4 up to 720 lines, with its size and expiry', () => {
    expect(pickOfflineFile([hls, mp4(360), mp4(1080), mp4(720), mp4(540)])).toEqual({
      link: mp4(720).link,
      bytes: 720_000,
      expiresAt: Date.parse('2030-01-01T00:00:00Z'),
    });
  });

  it('takes the smallest when every rendition is taller than 720', () => {
    expect(pickOfflineFile([mp4(2160), mp4(1080), mp4(1440)])?.link).toBe(mp4(1080).link);
  });

  it("reads a `download` entry's `expires`", () => {
    const { link_expiration_time: _, ...file } = mp4(480);
    expect(pickOfflineFile([{ ...file, expires: '2031-05-01T00:00:00Z' }])?.expiresAt).toBe(
      Date.parse('2031-05-01T00:00:00Z'),
    );
  });

  it('has none without a progressive mp4 with a link and a size', () => {
    expect(pickOfflineFile([])).toBeNull();
    expect(pickOfflineFile([hls])).toBeNull();
    expect(pickOfflineFile([{ ...mp4(720), type: 'source' }])).toBeNull();
    expect(pickOfflineFile([{ ...mp4(720), size: undefined }])).toBeNull();
    expect(pickOfflineFile([{ ...mp4(720), link: 'javascript:alert(1)' }])).toBeNull();
  });
});
