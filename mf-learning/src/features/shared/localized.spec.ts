import { inLangOrAny, sourceLang } from './localized';

describe('a text shown in another language than the page', () => {
  const title = { es: 'Verticales', en: '', fr: null };

  it("names the language it comes from when the page's has none", () => {
    expect(inLangOrAny(title, 'en')).toBe('Verticales');
    expect(sourceLang(title, 'en')).toBe('es');
  });

  it("is the page's own language when it has the text", () => {
    expect(sourceLang(title, 'es')).toBe('es');
    expect(sourceLang('plain', 'fr')).toBe('fr');
    expect(sourceLang(null, 'fr')).toBe('fr');
  });
});
