import { SearchRowCache } from './search-row-cache.js';

interface Row {
  id: string;
  title: string;
}

/** A read that answers `title@version` rows and records which ids it was asked for. */
function reader(title: string) {
  const asked: string[][] = [];
  return {
    asked,
    read: (ids: string[]) => {
      asked.push(ids);
      return Promise.resolve(ids.map((id): Row => ({ id, title })));
    },
  };
}

describe('SearchRowCache', () => {
  it('reads only the rows it does not hold at the same version', async () => {
    const cache = new SearchRowCache<Row>(10);
    const first = reader('v1');
    await cache.load(['a', 'b'], '1', first.read);
    const second = reader('v1 again');
    const rows = await cache.load(['b', 'c', 'a'], '1', second.read);
    expect(second.asked).toEqual([['c']]);
    expect([...rows.values()].map((r) => `${r.id}:${r.title}`).sort()).toEqual([
      'a:v1',
      'b:v1',
      'c:v1 again',
    ]);
  });

  it('answers the rows in the order of the ids, leaving out unknown ids, with no read for none', async () => {
    const cache = new SearchRowCache<Row>(10);
    await cache.load(['b'], '1', reader('cached').read);
    const known = (ids: string[]) =>
      Promise.resolve(ids.filter((id) => id !== 'gone').map((id): Row => ({ id, title: 'read' })));
    const rows = await cache.inOrder(['c', 'gone', 'b', 'a'], '1', known);
    expect(rows.map((r) => `${r.id}:${r.title}`)).toEqual(['c:read', 'b:cached', 'a:read']);
    const none = reader('never');
    expect(await cache.inOrder([], '1', none.read)).toEqual([]);
    expect(none.asked).toEqual([]);
  });

  it('forgets everything at a newer version and keeps nothing read for an older one', async () => {
    const cache = new SearchRowCache<Row>(10);
    await cache.load(['a'], '1', reader('v1').read);
    const newer = reader('v2');
    expect((await cache.load(['a'], '2', newer.read)).get('a')?.title).toBe('v2');
    expect(newer.asked).toEqual([['a']]);
    // a search that read version 1 before the change: answered from the database, nothing kept
    const older = reader('old');
    expect((await cache.load(['a', 'b'], '1', older.read)).get('a')?.title).toBe('old');
    expect(older.asked).toEqual([['a', 'b']]);
    const again = reader('v2 again');
    await cache.load(['a', 'b'], '2', again.read);
    expect(again.asked).toEqual([['b']]);
  });

  it('does not keep rows read while a newer version emptied it', async () => {
    const cache = new SearchRowCache<Row>(10);
    let release!: () => void;
    const slow = cache.load(['a'], '1', async (ids) => {
      await new Promise<void>((r) => (release = r));
      return ids.map((id) => ({ id, title: 'v1' }));
    });
    await cache.load(['b'], '2', reader('v2').read);
    release();
    expect((await slow).get('a')?.title).toBe('v1');
    const after = reader('v2');
    await cache.load(['a', 'b'], '2', after.read);
    expect(after.asked).toEqual([['a']]);
  });

  it('holds at most its size, dropping the rows shown least recently', async () => {
    const cache = new SearchRowCache<Row>(2);
    await cache.load(['a', 'b'], '1', reader('v1').read);
    await cache.load(['a'], '1', reader('unused').read); // a shown again: b is now the oldest
    await cache.load(['c'], '1', reader('v1').read);
    expect(cache.size).toBe(2);
    const next = reader('v1');
    await cache.load(['a', 'b', 'c'], '1', next.read);
    expect(next.asked).toEqual([['b']]);
  });

  it('caches nothing without a version (SQL-only search)', async () => {
    const cache = new SearchRowCache<Row>(10);
    await cache.load(['a'], undefined, reader('x').read);
    const again = reader('y');
    expect((await cache.load(['a'], undefined, again.read)).get('a')?.title).toBe('y');
    expect(again.asked).toEqual([['a']]);
    expect(cache.size).toBe(0);
  });
});
