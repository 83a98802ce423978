import type { Logger } from '@nestjs/common';

/**
 * Reads a version (a number a statement trigger bumps with every committed write, and anything
 * else the caller adds to it) every `pollMs`, and empties every VersionedCache that follows it
 * when it differs from the last one read. What an in-memory copy of database rows needs to stay
 * correct across API instances (the catalogue's answers and rows, the signed-in accounts): a
 * write on any instance reaches every copy within one poll, and `fresh()` says whether the
 * version was read within two polls, past which a copy must not be used (database down, event
 * loop stalled).
 */
export class VersionPoll {
  private seen: string | null = null;
  /** start time of the last read that succeeded (what the copy is known fresh up to) */
  private verifiedAt = 0;
  private checking: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly followers: Array<() => void> = [];

  constructor(
    private readonly opts: {
      /** what is read: its change is what counts */
      read: () => Promise<string>;
      pollMs: number;
      /** called when the version changed since the last read (not on the first) */
      changed?: () => void;
      logger: Logger;
      /** what the version is of, for the log */
      what: string;
    },
  ) {}

  /** A cache of values that are valid while this version stays the same. */
  cache<V>(opts: VersionedCacheOptions<V>): VersionedCache<V> {
    const cache = new VersionedCache<V>(this, opts);
    this.followers.push(() => cache.clear());
    return cache;
  }

  /** Empties every cache that follows this version now (a change this instance just committed). */
  changedHere(): void {
    for (const clear of this.followers) clear();
  }

  /** Reads it now, then every `pollMs`. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
  }

  /** Whether the version was read within the bound: a copy may be used. */
  fresh(): boolean {
    return Date.now() - this.verifiedAt <= 2 * this.opts.pollMs;
  }

  /** Reads the version now; the timer calls it every poll. Concurrent calls share one read. */
  check(): Promise<void> {
    this.checking ??= this.readNow().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Resolves once a read that started after this call has finished. */
  async checked(): Promise<void> {
    await this.checking;
    await this.check();
  }

  private async readNow(): Promise<void> {
    const started = Date.now();
    try {
      const version = await this.opts.read();
      if (version !== this.seen) {
        if (this.seen !== null) {
          this.changedHere();
          this.opts.changed?.();
        }
        this.seen = version;
      }
      this.verifiedAt = started;
    } catch (err) {
      // the copy is not used past the bound (see fresh); say why once per failure
      this.opts.logger.warn(`${this.opts.what} not read: ${(err as Error).message}`);
    }
  }
}

export interface VersionedCacheOptions<V> {
  /** The most the cache holds, in entries or in what `weigh` counts (bytes). */
  max: number;
  /** What one value counts against `max` (1 when absent: `max` is a number of entries). */
  weigh?: (value: V) => number;
  /** A hit moves its entry to the end: the least recently used goes first, not the oldest. */
  lru?: boolean;
}

/**
 * Values kept in memory while a version stays the same (made by `VersionPoll.cache`): emptied
 * when the version changes, not used when it was not read within its bound, the oldest (or least
 * recently used) evicted past `max`. A value is read outside the cache: take `ticket()` before
 * the read and pass it to `set`, which keeps the value only if nothing was emptied or forgotten
 * meanwhile (the value may predate that change).
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;
  private gen = 0;

  constructor(
    private readonly version: VersionPoll,
    private readonly opts: VersionedCacheOptions<V>,
  ) {}

  /** Whether the version was read within its bound: kept values may be used. */
  fresh(): boolean {
    return this.version.fresh();
  }

  /** Taken before reading a value: `set` keeps the value only under the same ticket. */
  ticket(): number {
    return this.gen;
  }

  /** The value kept for `key`, when the version is fresh. */
  get(key: string): V | undefined {
    if (!this.fresh()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.opts.lru) {
      // the most recently used last (Map keeps insertion order)
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** Keeps `value` for `key` unless the cache changed since `ticket`; answers whether it did. */
  set(key: string, value: V, ticket: number): boolean {
    const weight = this.opts.weigh?.(value) ?? 1;
    if (ticket !== this.gen || weight > this.opts.max) return false;
    this.remove(key);
    this.entries.set(key, { value, weight });
    this.total += weight;
    // the oldest first (Map keeps insertion order)
    for (const k of this.entries.keys()) {
      if (this.total <= this.opts.max) break;
      this.remove(k);
    }
    return true;
  }

  /** Drops `key` now; a value read before this is not kept. */
  forget(key: string): void {
    this.gen++;
    this.remove(key);
  }

  /** Drops `key` because its value ran out of time (nothing changed: values read meanwhile are good). */
  evict(key: string): void {
    this.remove(key);
  }

  /** Drops every value now; a value read before this is not kept. */
  clear(): void {
    this.gen++;
    this.entries.clear();
    this.total = 0;
  }

  /** How many values are kept, and what they weigh together. */
  stats(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.total };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }
}
