import { parseRange } from './byte-range.js';
import { filePathOf, isLocalPublicId, newPublicId } from './media-layout.js';
import { checkPrivateLink, signPrivateLink } from './signed-links.js';
import { toVideoStatus, vimeoIdOf, vimeoPlayerUrl } from './vimeo-client.js';

const KEY = 'k'.repeat(48);

describe('signed private links', () => {
  const parts = (url: string) => {
    const u = new URL(url, 'http://x');
    return [u.searchParams.get('exp'), u.searchParams.get('sig')] as const;
  };
  it('accepts its own link until the expiry instant, then says expired', () => {
    const url = signPrivateLink(KEY, 'pdfs/a.pdf', 1_000);
    const [exp, sig] = parts(url);
    expect(checkPrivateLink(KEY, 'pdfs/a.pdf', exp, sig, 999_999)).toBe('ok');
    expect(checkPrivateLink(KEY, 'pdfs/a.pdf', exp, sig, 1_000_000)).toBe('expired');
  });
  it('refuses another file, another expiry, another key or a malformed signature', () => {
    const [exp, sig] = parts(signPrivateLink(KEY, 'pdfs/a.pdf', 1_000));
    expect(checkPrivateLink(KEY, 'pdfs/b.pdf', exp, sig, 0)).toBe('invalid');
    expect(checkPrivateLink(KEY, 'pdfs/a.pdf', '1001', sig, 0)).toBe('invalid');
    expect(checkPrivateLink('x'.repeat(48), 'pdfs/a.pdf', exp, sig, 0)).toBe('invalid');
    for (const bad of [undefined, '', 'zz', sig!.slice(1), `${sig}0`, ['a']]) {
      expect(checkPrivateLink(KEY, 'pdfs/a.pdf', exp, bad, 0)).toBe('invalid');
    }
    for (const bad of [undefined, '', '-1', '1e9', '01000', ['1000']]) {
      expect(checkPrivateLink(KEY, 'pdfs/a.pdf', bad, sig, 0)).toBe('invalid');
    }
  });
});

describe('storage layout', () => {
  it('generates safe publicIds per kind', () => {
    expect(newPublicId('pdf', 'PDF')).toMatch(/^pdfs\/[0-9a-f-]{36}\.pdf$/);
    expect(newPublicId('video', '.mp4')).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
    expect(newPublicId('image', 'jpg')).toMatch(/^ImagenesCursos\/[0-9a-f-]{36}\.jpg$/);
    expect(() => newPublicId('pdf', 'exe')).toThrow();
  });
  it('maps only publicIds of the layout to files inside their folder', () => {
    expect(filePathOf('/data', 'private', 'pdfs/a.pdf')).toBe('/data/uploads/private/pdfs/a.pdf');
    for (const bad of [
      '../jwt-secret',
      'pdfs/../../jwt-secret',
      'pdfs/.pdf',
      '/etc/passwd',
      'pdfs/a.exe',
      'other/a.pdf',
      'pdfs/sub/a.pdf',
      'pdfs\\a.pdf',
      '',
    ]) {
      expect(isLocalPublicId(bad)).toBe(false);
      expect(filePathOf('/data', 'private', bad)).toBeNull();
    }
  });
});

describe('byte ranges', () => {
  it.each([
    [undefined, { kind: 'none' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=10-', { kind: 'partial', start: 10, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'none' }],
    ['items=0-1', { kind: 'none' }],
  ])('%p of 1000 bytes -> %p', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('Vimeo links', () => {
  it('finds the id and builds the player URL', () => {
    expect(vimeoIdOf('https://vimeo.com/76979871')).toBe('76979871');
    expect(vimeoIdOf('https://player.vimeo.com/video/123?h=abc')).toBe('123');
    expect(vimeoIdOf('https://www.youtube.com/watch?v=x')).toBeNull();
    expect(vimeoPlayerUrl('1', 'https://vimeo.com/1/abcdef12')).toBe(
      'https://player.vimeo.com/video/1?h=abcdef12',
    );
    expect(vimeoPlayerUrl('1', null)).toBe('https://player.vimeo.com/video/1');
  });
  it('maps Vimeo states to three', () => {
    expect(toVideoStatus('available')).toBe('available');
    expect(toVideoStatus('transcoding')).toBe('processing');
    expect(toVideoStatus('uploading_error')).toBe('error');
  });
});
