import { hasErrors, isBlank, isBlankRichText } from './validation.js';

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
