import { etagMatches, weakEtag } from './public-cache.js';

describe('public cache helpers', () => {
  it('makes a stable weak ETag per body', () => {
    expect(weakEtag('[1]')).toBe(weakEtag('[1]'));
    expect(weakEtag('[1]')).not.toBe(weakEtag('[2]'));
    expect(weakEtag('[]')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });

  it('compares If-None-Match weakly, in lists, and with *', () => {
    const tag = weakEtag('{}');
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`"a", ${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"a"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches('', tag)).toBe(false);
  });
});
