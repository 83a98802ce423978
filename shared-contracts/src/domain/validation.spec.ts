import {
  hasBidiControls,
  hasErrors,
  hasInvalidCharacters,
  isBlank,
  isBlankRichText,
} from './validation.js';

describe('hasErrors', () => {
  it('is false for an empty map or only undefined entries', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
  });
  it('is true when a key is present', () => {
    expect(hasErrors({ name: 'nameRequired' })).toBe(true);
  });
});

describe('isBlank', () => {
  it.each([null, undefined, '', '   ', '\n\t'])('treats %p as blank', (v) => {
    expect(isBlank(v)).toBe(true);
  });
  it('keeps real text', () => {
    expect(isBlank(' a ')).toBe(false);
  });
});

describe('isBlankRichText', () => {
  it.each(['', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<div>\u00a0 </div>'])(
    'treats %p as blank',
    (v) => {
      expect(isBlankRichText(v)).toBe(true);
    },
  );
  it('keeps text and embedded media', () => {
    expect(isBlankRichText('<p>Hola</p>')).toBe(false);
    expect(isBlankRichText('<p><img src="x.png"></p>')).toBe(false);
  });
});

describe('hasInvalidCharacters', () => {
  it.each([
    '\u0000',
    'a\u0001b',
    '\u001b[31m',
    '\u007f',
    '\u0085',
    'x\ud800',
    '\udfffx',
    '\n',
    'a\tb',
  ])('refuses %j in one-line text', (v) => {
    expect(hasInvalidCharacters(v)).toBe(true);
  });
  it('lets multi-line text keep tab, line feed and carriage return, nothing else', () => {
    expect(hasInvalidCharacters('a\tb\r\nc', { multiline: true })).toBe(false);
    expect(hasInvalidCharacters('a\u0000b', { multiline: true })).toBe(true);
    expect(hasInvalidCharacters('\ud83e', { multiline: true })).toBe(true);
  });
  it('keeps accents, emoji (surrogate pairs) and any script', () => {
    expect(hasInvalidCharacters('Zoë Ñúñez 🤹‍♀️ 李 жонглёр \u00a0')).toBe(false);
  });
});

describe('hasBidiControls', () => {
  it('finds embeddings, overrides, isolates and marks', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ]) {
      expect([c.codePointAt(0), hasBidiControls(`Ana${c}`)]).toEqual([c.codePointAt(0), true]);
    }
  });
  it('leaves names in any script alone', () => {
    expect(hasBidiControls('Zoë Ñúñez 李 жонглёр محمد שרה')).toBe(false);
  });
});
