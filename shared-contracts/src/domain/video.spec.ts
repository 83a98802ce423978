import { isEmbeddableVideo, toEmbedUrl, validateVideoLink, VIDEO_LINK_ERROR } from './video.js';

const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

describe('toEmbedUrl', () => {
  it.each([
    ['https://vimeo.com/123456', 'https://player.vimeo.com/video/123456'],
    ['https://www.vimeo.com/123456/', 'https://player.vimeo.com/video/123456'],
    ['https://player.vimeo.com/video/123456', 'https://player.vimeo.com/video/123456'],
    [
      'https://player.vimeo.com/video/123456?h=abc123&autoplay=1',
      'https://player.vimeo.com/video/123456?h=abc123',
    ],
    ['https://vimeo.com/123456/abc123', 'https://player.vimeo.com/video/123456?h=abc123'],
    ['https://vimeo.com/channels/staffpicks/123456', 'https://player.vimeo.com/video/123456'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ?si=share', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', YT],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', YT],
    ['  HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ', YT],
  ])('%p -> %p', (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  it('reads a link without a scheme as https', () => {
    expect(toEmbedUrl('www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(YT);
    expect(toEmbedUrl('youtu.be/dQw4w9WgXcQ')).toBe(YT);
    expect(toEmbedUrl('//vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456');
  });

  it.each([
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', 'plain http'],
    ['http://vimeo.com/123456', 'plain http'],
    ['ftp://vimeo.com/123456', 'another scheme'],
    ['javascript:alert(1)', 'script'],
    ['https://vimeo.com/about', 'vimeo page without id'],
    ['https://vimeo.com/channels/staffpicks', 'channel without id'],
    ['https://player.vimeo.com/video/abc', 'non-numeric vimeo id'],
    ['https://www.youtube.com/watch', 'watch without v'],
    ['https://www.youtube.com/watch?v=bad%22id', 'id with quote'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'shorts'],
    ['https://www.youtube.com/@channel', 'channel'],
    ['https://youtu.be/', 'short link without id'],
    ['https://evil.com/watch?v=dQw4w9WgXcQ', 'other host'],
    ['https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ', 'look-alike host'],
    ['https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ', 'credentials'],
    ['https://youtube.com:8443/watch?v=dQw4w9WgXcQ', 'port'],
    ['https://example.com/video.mp4', 'file'],
    ['not a link', 'text'],
    ['', 'empty'],
  ])('rejects %p (%s)', (link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });

  it('rejects missing values', () => {
    expect(toEmbedUrl(null)).toBeNull();
    expect(toEmbedUrl(undefined)).toBeNull();
  });
});

describe('validateVideoLink', () => {
  it('uses the videoLinkInvalid key', () => {
    expect(VIDEO_LINK_ERROR).toBe('videoLinkInvalid');
    expect(validateVideoLink('http://youtu.be/dQw4w9WgXcQ')).toBe('videoLinkInvalid');
  });
  it('accepts blank (optional field) and embeddable links', () => {
    expect(validateVideoLink('')).toBeNull();
    expect(validateVideoLink('  ')).toBeNull();
    expect(validateVideoLink(undefined)).toBeNull();
    expect(validateVideoLink('https://vimeo.com/1')).toBeNull();
    expect(isEmbeddableVideo('https://vimeo.com/1')).toBe(true);
    expect(isEmbeddableVideo('https://vimeo.com/x')).toBe(false);
  });
});
