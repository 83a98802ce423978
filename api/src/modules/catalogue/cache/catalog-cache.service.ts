import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import {
  VersionPoll,
  type VersionedCache,
  type VersionedCacheOptions,
} from '../../../common/version-poll.js';
import { CatalogVersionRepository } from './catalog-version.repository.js';

/** A public catalogue answer as sent: the JSON bytes, its weak ETag and compressed copies. */
export interface CachedAnswer {
  /** UTF-8 JSON, encoded once (a string would be encoded again for every reply). */
  readonly body: Buffer;
  readonly etag: string;
  /** ms since the epoch after which the answer is not served (a voucher ends, a day passes). */
  readonly expiresAt: number;
  readonly bytes: number;
  gzip?: Buffer;
  br?: Buffer;
}

/** A change stamp of something outside the database that cached answers depend on (content files). */
export type StampSource = () => Promise<string>;

/** A weak ETag of a JSON body: the body is what is compared, not its bytes on the wire (gzip). */
export function weakEtag(json: string | Buffer): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/**
 * The in-memory cache of public catalogue answers (docs/architecture.md), keyed by request
 * URL (route, language, page, search term), shared by the Fastify hook that answers hits before
 * any Nest or database work and the interceptor that fills it.
 *
 * Staying correct across instances: every write to a catalogue table bumps `catalog_version` in
 * its own transaction (statement triggers), and each instance reads that number every
 * `CATALOG_CACHE_POLL_MS` (default 1 s): a changed number empties the cache. So a committed change
 * reaches every instance within one poll interval plus one version read. When the version has not
 * been read successfully for two intervals (database down, event loop stalled) the cache is
 * bypassed, so no answer is ever served more than 2 x CATALOG_CACHE_POLL_MS after a change.
 * `invalidate()` empties this instance's cache at once (call it after a catalogue write commits).
 */
@Injectable()
export class CatalogCacheService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CatalogCache');
  private readonly sources: StampSource[] = [];
  private readonly version: VersionPoll;
  private readonly answers: VersionedCache<CachedAnswer>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly versions: CatalogVersionRepository,
  ) {
    this.version = new VersionPoll({
      read: async () =>
        [
          await this.versions.current(),
          ...(await Promise.all(this.sources.map((source) => source()))),
        ].join('\n'),
      pollMs: config.catalogCache.pollMs,
      logger: this.logger,
      what: 'catalogue version',
    });
    this.answers = this.version.cache({
      max: config.catalogCache.maxBytes,
      weigh: (answer) => answer.bytes,
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.version.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.version.stop();
  }

  /** The cached answer for `key`, when there is one still valid. */
  get(key: string): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer && Date.now() >= answer.expiresAt) {
      this.answers.evict(key);
      return undefined;
    }
    return answer;
  }

  /** Whether the catalogue version was read within the bound (cached answers may be served). */
  fresh(): boolean {
    return this.version.fresh();
  }

  /** The cache generation; pass it to `store` so an answer computed before a change is not kept. */
  generation(): number {
    return this.answers.ticket();
  }

  /**
   * Keeps `body` as the answer for `key` unless the cache was emptied since `generation` (the
   * answer may then predate the change). Returns the answer to send either way.
   */
  store(key: string, generation: number, json: string, expiresAt = Infinity): CachedAnswer {
    const body = Buffer.from(json);
    const answer: CachedAnswer = { body, etag: weakEtag(body), expiresAt, bytes: body.length };
    this.answers.set(key, answer, generation);
    return answer;
  }

  /** Empties this instance's cache now. Call it after any catalogue write (once it has committed). */
  invalidate(): void {
    this.version.changedHere();
  }

  /** Another cache of catalogue values, emptied and bounded on the same terms (CatalogRows). */
  follow<V>(opts: VersionedCacheOptions<V>): VersionedCache<V> {
    return this.version.cache(opts);
  }

  /** Content files and other non-database sources: a changed stamp empties the cache at the next poll. */
  addSource(source: StampSource): void {
    this.sources.push(source);
  }

  /**
   * Reads the catalogue version (and the sources' stamps) now and empties the cache when they
   * changed; the timer calls it every poll interval. Concurrent calls share one read.
   */
  check(): Promise<void> {
    return this.version.check();
  }

  /** Resolves once a version read that started after this call has finished. */
  checked(): Promise<void> {
    return this.version.checked();
  }

  /** What is cached: number of answers and their approximate size. */
  stats(): { answers: number; bytes: number } {
    const { entries, weight } = this.answers.stats();
    return { answers: entries, bytes: weight };
  }

  /** The body compressed with `encoding`, made once per answer. */
  compressed(answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      answer.br ??= brotliCompressSync(answer.body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.bytes },
      });
      return answer.br;
    }
    answer.gzip ??= gzipSync(answer.body);
    return answer.gzip;
  }
}
