import { DEFAULT_SLUG, slugify, slugOrDefault } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Acrobacia aérea', 'acrobacia-aerea'],
    ['Telas   Aéreas  Nivel 1', 'telas-aereas-nivel-1'],
    ['Équilibre sur les mains!', 'equilibre-sur-les-mains'],
    ['Niños & niñas: ¿cómo empezar?', 'ninos-ninas-como-empezar'],
    ['  - Trapecio -  ', 'trapecio'],
    ['Mano a mano — dúo', 'mano-a-mano-duo'],
    ['Clown_101', 'clown_101'],
    ['Line\tbreak\nhere', 'line-break-here'],
  ])('%p -> %p', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('gives an empty string when nothing is left', () => {
    expect(slugify('¡¿?!')).toBe('');
    expect(slugify('')).toBe('');
    expect(slugify(undefined)).toBe('');
  });
});

describe('slugOrDefault', () => {
  it('falls back to "detalle"', () => {
    expect(DEFAULT_SLUG).toBe('detalle');
    expect(slugOrDefault('   ')).toBe('detalle');
    expect(slugOrDefault(null)).toBe('detalle');
    expect(slugOrDefault('***')).toBe('detalle');
  });
  it('keeps a real slug', () => {
    expect(slugOrDefault('Malabares')).toBe('malabares');
  });
});
