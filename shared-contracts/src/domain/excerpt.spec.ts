import { ELLIPSIS, EXCERPT_MAX, excerpt } from './excerpt.js';

describe('excerpt', () => {
  it('uses 120 characters and the single-character ellipsis by default', () => {
    expect(EXCERPT_MAX).toBe(120);
    expect(ELLIPSIS).toBe('…');
  });

  it('leaves text of at most max characters unchanged', () => {
    const exact = 'a'.repeat(120);
    expect(excerpt(exact)).toBe(exact);
    expect(excerpt('Short text.')).toBe('Short text.');
    expect(excerpt('')).toBe('');
    expect(excerpt(undefined)).toBe('');
  });

  it('cuts on a word boundary and never exceeds max', () => {
    const text = 'word '.repeat(40).trim(); // 199 characters
    const out = excerpt(text);
    expect(out.length).toBeLessThanOrEqual(120);
    expect(out.endsWith('word…')).toBe(true);
    expect(out).toBe('word '.repeat(24).trim() + '…'); // 119 + 1 characters
  });

  it('keeps a word that ends exactly at the budget', () => {
    // budget 9 = max 10 minus the ellipsis; "abcd efgh" is 9 characters followed by a space
    expect(excerpt('abcd efgh ijkl', 10)).toBe('abcd efgh…');
  });

  it('drops the word that crosses the budget', () => {
    expect(excerpt('abcd efghij kl', 10)).toBe('abcd…');
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(excerpt('Hola, mundo cruel', 8)).toBe('Hola…');
  });

  it('cuts a long word without spaces mid-word', () => {
    expect(excerpt('x'.repeat(200))).toBe('x'.repeat(119) + '…');
    expect(excerpt('Supercalifragilistic', 10)).toBe('Supercali…');
  });

  it('does not split an emoji', () => {
    const out = excerpt('abcd😀efgh', 6); // budget 5 ends inside the emoji
    expect(out).toBe('abcd…');
  });

  it('handles newlines as word boundaries', () => {
    expect(excerpt('abcd\nefghij', 8)).toBe('abcd…');
  });

  it('returns empty for a non-positive max', () => {
    expect(excerpt('abc', 0)).toBe('');
  });
});
