import type { LocalizedFlags } from '../../database/tables/columns.js';
import {
  toClassDetail,
  toItemSummary,
  toModuleSummaries,
  type CatalogItemRow,
  type ClassContentRow,
  type MediaRow,
} from './catalog.mapper.js';
import {
  ANONYMOUS,
  andFlags,
  assertVisibleIn,
  visibleLanguages,
  type Viewer,
} from './visibility.js';

const ADMIN: Viewer = {
  reveal: true,
  user: { id: 'a', email: 'a@x', role: 'admin', name: 'A', surname: '' },
};
const NOT_EN: LocalizedFlags = { es: true, en: false, fr: true };
const ALL: LocalizedFlags = { es: true, en: true, fr: true };
const text = (base: string) => ({ es: `${base} ES`, en: `${base} EN`, fr: `${base} FR` });

const course = (visible: LocalizedFlags): CatalogItemRow & Record<string, unknown> => ({
  id: 'c1',
  title: { es: 'Acrobacia aérea', en: 'Aerial acrobatics', fr: 'Acrobatie aérienne' },
  description: text('desc'),
  priceCents: 4999,
  image: { es: '/es.png', en: '/en.png', fr: null },
  pdf: { es: '/es.pdf', en: '/en.pdf', fr: '/fr.pdf' },
  video: { es: 'https://vimeo.com/1', en: 'https://vimeo.com/2', fr: 'https://vimeo.com/3' },
  visible,
  // columns the row has but the answer must never carry
  imagePublicId: { es: 'pid-es', en: 'pid-en', fr: null },
  pdfPublicId: { es: 'pdf-es', en: null, fr: null },
});

describe('catalog mapper', () => {
  it('blanks every text and media of a hidden language for the public', () => {
    const s = toItemSummary(course(NOT_EN), 'es', ANONYMOUS);
    expect(s).toEqual({
      _id: 'c1',
      slug: 'acrobacia-aerea',
      title: { es: 'Acrobacia aérea', en: '', fr: 'Acrobatie aérienne' },
      description: { es: 'desc ES', en: '', fr: 'desc FR' },
      price: 49.99,
      image: { es: '/es.png', en: null, fr: null },
      pdf: { es: '/es.pdf', en: null, fr: '/fr.pdf' },
      video: { es: 'https://vimeo.com/1', en: null, fr: 'https://vimeo.com/3' },
      visible: NOT_EN,
    });
    expect(JSON.stringify(s)).not.toMatch(/pid-|acrobacia aerea|Aerial/);
  });

  it('shows an admin every language, and slugs the requested one', () => {
    const s = toItemSummary(course(NOT_EN), 'en', ADMIN);
    expect(s.title.en).toBe('Aerial acrobatics');
    expect(s.image.en).toBe('/en.png');
    expect(s.slug).toBe('aerial-acrobatics');
    expect(toItemSummary(course(NOT_EN), 'en', ANONYMOUS).slug).toBe('detalle');
  });

  it('treats missing flags as hidden and empty media as null', () => {
    const row = {
      ...course({ es: true } as LocalizedFlags),
      image: { es: '', en: null, fr: null },
    };
    const s = toItemSummary(row, 'es', ANONYMOUS);
    expect(s.visible).toEqual({ es: true, en: false, fr: false });
    expect(s.image.es).toBeNull();
    expect(s.title.fr).toBe('');
  });

  it('hides modules and classes by their own flags and by their parents', () => {
    const modules = [
      { id: 'm1', formationId: 'f', title: text('M1'), description: text('d1'), visible: ALL },
      { id: 'm2', formationId: 'f', title: text('M2'), description: text('d2'), visible: NOT_EN },
    ];
    const classes: Record<
      string,
      Array<{ id: string; title: ReturnType<typeof text>; visible: LocalizedFlags }>
    > = {
      m1: [
        { id: 'c1', title: text('C1'), visible: ALL },
        { id: 'c2', title: text('C2'), visible: { es: true, en: true, fr: false } },
      ],
      m2: [{ id: 'c3', title: text('C3'), visible: ALL }],
    };
    const formation: LocalizedFlags = { es: true, en: true, fr: true };
    const en = toModuleSummaries(modules, (id) => classes[id], formation, 'en', ANONYMOUS);
    expect(en.map((m) => m.classes.map((c) => c._id))).toEqual([['c1', 'c2']]);
    const fr = toModuleSummaries(modules, (id) => classes[id], formation, 'fr', ANONYMOUS);
    expect(fr.map((m) => m.classes.map((c) => c._id))).toEqual([['c1'], ['c3']]);
    const es = toModuleSummaries(modules, (id) => classes[id], formation, 'es', ANONYMOUS);
    expect(es[1].classes[0]).toEqual({
      _id: 'c3',
      title: { es: 'C3 ES', en: '', fr: 'C3 FR' },
      visible: NOT_EN,
    });
    expect(es[0].classes[1].title.fr).toBe('');
    // a formation hidden in French hides all its modules there
    expect(toModuleSummaries(modules, (id) => classes[id], NOT_EN, 'en', ANONYMOUS)).toEqual([]);
    expect(toModuleSummaries(modules, (id) => classes[id], NOT_EN, 'en', ADMIN)).toHaveLength(2);
  });

  it('maps a class for its viewer without media URLs, hidden languages blanked', () => {
    const cls: ClassContentRow = {
      id: 'k',
      title: text('T'),
      subtitle: text('S'),
      content: text('C'),
      secondaryContent: text('X'),
      visible: ALL,
    };
    const media: MediaRow[] = [
      {
        id: 'v',
        kind: 'video',
        url: { es: 'https://secret/v', en: null, fr: 'https://secret/v-fr' },
        title: text('V'),
        description: text('VD'),
      },
      {
        id: 'p',
        kind: 'pdf',
        url: { es: 'https://secret/p', en: 'https://secret/p-en', fr: null },
        title: text('P'),
        description: text('PD'),
      },
    ];
    const d = toClassDetail(cls, NOT_EN, media, ANONYMOUS, { course: 'c1' });
    expect(d.visible).toEqual(NOT_EN);
    expect(d.content).toEqual({ es: 'C ES', en: '', fr: 'C FR' });
    expect(d.pdfs).toEqual([
      {
        _id: 'p',
        title: { es: 'P ES', en: '', fr: 'P FR' },
        description: { es: 'PD ES', en: '', fr: 'PD FR' },
        hasFile: { es: true, en: false, fr: false },
      },
    ]);
    expect(d.videos[0].hasFile).toEqual({ es: true, en: false, fr: true });
    expect(d.course).toBe('c1');
    expect(JSON.stringify(d)).not.toContain('secret');
    expect(toClassDetail(cls, NOT_EN, media, ADMIN, {}).pdfs[0].hasFile.en).toBe(true);
  });

  it('refuses a hidden language with the list of available ones', () => {
    expect(visibleLanguages(NOT_EN)).toEqual(['es', 'fr']);
    expect(andFlags(NOT_EN, { es: false, en: true, fr: true })).toEqual({
      es: false,
      en: false,
      fr: true,
    });
    expect(() => assertVisibleIn(NOT_EN, 'en', ANONYMOUS, 'course')).toThrow(
      expect.objectContaining({
        statusCode: 403,
        code: 'catalog.unavailable_in_language',
        extra: { data: { availableLanguages: ['es', 'fr'] } },
      }),
    );
    expect(() => assertVisibleIn(NOT_EN, 'en', ADMIN, 'course')).not.toThrow();
    expect(() => assertVisibleIn(NOT_EN, 'fr', ANONYMOUS, 'course')).not.toThrow();
  });
});
