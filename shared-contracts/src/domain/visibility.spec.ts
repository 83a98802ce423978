import { isVisibleIn } from './visibility.js';

describe('isVisibleIn', () => {
  it('is visible where the flag is true', () => {
    const flags = { es: true, en: false, fr: true };
    expect(isVisibleIn(flags, 'es')).toBe(true);
    expect(isVisibleIn(flags, 'fr')).toBe(true);
  });
  it('is hidden where the flag is false', () => {
    expect(isVisibleIn({ es: true, en: false, fr: true }, 'en')).toBe(false);
  });
  it('treats a missing flag as hidden, as the server does', () => {
    expect(isVisibleIn({ es: true }, 'en')).toBe(false);
    expect(isVisibleIn({ es: true, en: null }, 'en')).toBe(false);
    expect(isVisibleIn({}, 'es')).toBe(false);
    expect(isVisibleIn(undefined, 'es')).toBe(false);
    expect(isVisibleIn(null, 'fr')).toBe(false);
  });
});
