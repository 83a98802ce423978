import { Logger } from '@nestjs/common';
import { VersionPoll } from './version-poll.js';

describe('the versioned cache', () => {
  let version = '1';
  let poll: VersionPoll;

  beforeEach(async () => {
    version = '1';
    poll = new VersionPoll({
      read: () => Promise.resolve(version),
      pollMs: 60_000,
      logger: new Logger('test'),
      what: 'test version',
    });
    await poll.start();
  });
  afterEach(() => poll.stop());

  it('keeps values until the version changes, on any instance, and then empties', async () => {
    const cache = poll.cache<string>({ max: 10 });
    expect(cache.set('a', 'A', cache.ticket())).toBe(true);
    await poll.check();
    expect(cache.get('a')).toBe('A');
    version = '2';
    await poll.check();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a value read before the cache was emptied or the key forgotten', () => {
    const cache = poll.cache<string>({ max: 10 });
    const before = cache.ticket();
    poll.changedHere();
    expect(cache.set('a', 'stale', before)).toBe(false);
    const again = cache.ticket();
    cache.forget('b');
    expect(cache.set('a', 'stale too', again)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the oldest past its bound, counted in entries or by weight', () => {
    const byWeight = poll.cache<string>({ max: 5, weigh: (v) => v.length });
    byWeight.set('a', 'aa', byWeight.ticket());
    byWeight.set('b', 'bbb', byWeight.ticket());
    byWeight.set('c', 'c', byWeight.ticket());
    expect([byWeight.get('a'), byWeight.get('b'), byWeight.get('c')]).toEqual([
      undefined,
      'bbb',
      'c',
    ]);
    expect(byWeight.stats()).toEqual({ entries: 2, weight: 4 });
    expect(byWeight.set('big', 'xxxxxx', byWeight.ticket())).toBe(false);
  });

  it('evicts the least recently used first when asked to', () => {
    const lru = poll.cache<number>({ max: 2, lru: true });
    lru.set('a', 1, lru.ticket());
    lru.set('b', 2, lru.ticket());
    lru.get('a');
    lru.set('c', 3, lru.ticket());
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });

  it('is not used when the version was not read within two polls', async () => {
    const stale = new VersionPoll({
      read: () => Promise.reject(new Error('database down')),
      pollMs: 60_000,
      logger: new Logger('test'),
      what: 'test version',
    });
    const cache = stale.cache<string>({ max: 10 });
    await stale.check();
    cache.set('a', 'A', cache.ticket());
    expect(cache.fresh()).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});
