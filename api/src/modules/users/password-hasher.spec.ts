import { HashingBusyError, PasswordHasher } from './password-hasher.js';
import { hashPassword } from './password.js';

const hasher = (threads: number, queue: number) =>
  new PasswordHasher({ passwordHashing: { threads, queue } });

describe('PasswordHasher (argon2id on worker threads, a bounded queue)', () => {
  let h: PasswordHasher;
  afterEach(() => h?.onModuleDestroy());

  it('hashes with OWASP argon2id and verifies what password.ts hashed, and the reverse', async () => {
    h = hasher(1, 4);
    const mine = await h.hash('Secret123');
    expect(mine).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await h.verify('Secret123', mine)).toBe(true);
    expect(await h.verify('secret123', mine)).toBe(false);
    expect(await h.verify('Secret123', await hashPassword('Secret123'))).toBe(true);
  });

  it('never says yes without a hash, and a malformed hash is a no', async () => {
    h = hasher(1, 4);
    expect(await h.verify('not-a-real-password', null)).toBe(false);
    expect(await h.verify('Secret123', 'not-a-hash')).toBe(false);
    expect(await h.verify('x'.repeat(129), await h.hash('Secret123'))).toBe(false);
    await expect(h.hash('x'.repeat(129))).rejects.toThrow(RangeError);
  });

  it('past the queue limit refuses at once with 503 and a Retry-After, and runs the rest', async () => {
    h = hasher(1, 1);
    // all asked at once: one runs, one waits, two are refused before any work
    const asked = ['a', 'b', 'c', 'd'].map((p) => h.hash(`Secret-${p}1`));
    const settled = await Promise.allSettled(asked);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    for (const s of settled.slice(2)) {
      const err = (s as PromiseRejectedResult).reason as HashingBusyError;
      expect(err).toBeInstanceOf(HashingBusyError);
      expect(err.toBody()).toMatchObject({ statusCode: 503, code: 'common.busy' });
      expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    expect(h.stats()).toMatchObject({ threads: 1, queueLimit: 1, done: 2, rejected: 2, queued: 0 });
  });

  it('uses at most `threads` threads however many wait', async () => {
    h = hasher(2, 10);
    const asked = Array.from({ length: 6 }, (_, i) => h.hash(`Secret-${i}1`));
    expect(h.stats()).toMatchObject({ running: 2, queued: 4 });
    await Promise.all(asked);
    expect(h.stats()).toMatchObject({ running: 0, queued: 0, done: 6, rejected: 0 });
  });
});
