import { SizeMismatch, TextIndex, type TextIndexPage } from './text-index.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** An index of `entries` given in title order. */
const sizesOf = (entries: Array<[title: string, body: string]>) => ({
  entries: entries.length,
  titleBytes: entries.reduce((n, [title]) => n + Buffer.byteLength(title) + 1, 0),
  bodyBytes: entries.reduce((n, [, body]) => n + Buffer.byteLength(body) + 1, 0),
});
/** A page as the database sends it: ids (16 bytes each), NUL-terminated UTF-8 texts. */
const pageOf = (entries: Array<[id: string, title: string, body: string]>): TextIndexPage => ({
  ids: Buffer.concat(entries.map(([uuid]) => Buffer.from(uuid.replace(/-/g, ''), 'hex'))),
  titles: Buffer.from(entries.map(([, title]) => `${title}\0`).join('')),
  bodies: Buffer.from(entries.map(([, , body]) => `${body}\0`).join('')),
});
const indexOf = (entries: Array<[title: string, body: string]>, chunk = 2) => {
  const builder = TextIndex.builder(sizesOf(entries));
  for (let i = 0; i < entries.length; i += chunk) {
    const page = entries
      .slice(i, i + chunk)
      .map(([t, b], j): [string, string, string] => [id(i + j + 1), t, b]);
    expect(builder.add(pageOf(page))).toEqual({
      id: page[page.length - 1][0],
      title: page[page.length - 1][1],
    });
  }
  expect(builder.add(pageOf([]))).toBeUndefined();
  return builder.build();
};

describe('TextIndex', () => {
  const index = indexOf([
    ['aro aereo inicial', 'trabajo de fuerza'],
    ['malabares', 'aro y pelotas'],
    ['telas aro', 'telas aro telas aro'],
    ['trapecio', 'fuerza y aro'],
    ['zancos', 'equilibrio'],
  ]);

  it('answers title matches first, then description-only matches, each in the given order', () => {
    expect(index.search('aro', 20)).toEqual([id(1), id(3), id(2), id(4)]);
    expect(index.search('fuerza', 20)).toEqual([id(1), id(4)]);
  });

  it('stops at the limit, in the title step and in the description step', () => {
    expect(index.search('aro', 1)).toEqual([id(1)]);
    expect(index.search('aro', 3)).toEqual([id(1), id(3), id(2)]);
    expect(index.search('aro', 0)).toEqual([]);
  });

  it('counts an entry once however often it matches, and finds nothing across two entries', () => {
    expect(index.search('telas aro', 20)).toEqual([id(3)]);
    // "inicial" ends entry 1 and "malabares" starts entry 2: no match spans them
    expect(index.search('inicialmalabares', 20)).toEqual([]);
    expect(index.search('fuerzaaro', 20)).toEqual([]);
    expect(index.search('nada', 20)).toEqual([]);
  });

  it('matches multi-byte text byte for byte and keeps the entries apart', () => {
    const multi = indexOf(
      [
        ['ça va 🎪 cirque', 'ñandú'],
        ['日本の サーカス', 'équilibre ∑'],
        ['plain', 'x'],
      ],
      1,
    );
    expect(multi.search('🎪', 5)).toEqual([id(1)]);
    expect(multi.search('サーカス', 5)).toEqual([id(2)]);
    expect(multi.search('∑', 5)).toEqual([id(2)]);
    expect(multi.search('ñandú', 5)).toEqual([id(1)]);
    expect(multi.search('plain', 5)).toEqual([id(3)]);
    expect(multi.size).toBe(3);
  });

  it('is empty without entries', () => {
    const empty = TextIndex.builder(sizesOf([])).build();
    expect(empty.size).toBe(0);
    expect(empty.search('aro', 20)).toEqual([]);
  });

  it('refuses pages that do not fill the sizes read before them (the data changed meanwhile)', () => {
    const sizes = sizesOf([['aro', 'uno']]);
    const more = TextIndex.builder(sizes);
    expect(() =>
      more.add(
        pageOf([
          [id(1), 'aro', 'uno'],
          [id(2), 'b', 'c'],
        ]),
      ),
    ).toThrow(SizeMismatch);
    const longer = TextIndex.builder(sizes);
    expect(() => longer.add(pageOf([[id(1), 'aros', 'uno']]))).toThrow(SizeMismatch);
    const fewer = TextIndex.builder(
      sizesOf([
        ['aro', 'uno'],
        ['b', 'c'],
      ]),
    );
    fewer.add(pageOf([[id(1), 'aro', 'uno']]));
    expect(() => fewer.build()).toThrow(SizeMismatch);
    const shorter = TextIndex.builder(sizes);
    shorter.add(pageOf([[id(1), 'ar', 'uno']]));
    expect(() => shorter.build()).toThrow(SizeMismatch);
    // texts that do not end where the ids say: two titles for one id
    const split = TextIndex.builder(sizesOf([['a\0b', 'c']]));
    expect(() =>
      split.add({ ...pageOf([[id(1), 'a', 'c']]), titles: Buffer.from('a\0b\0') }),
    ).toThrow(SizeMismatch);
  });
});
