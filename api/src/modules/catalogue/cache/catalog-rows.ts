import type { TransactionHost } from '../../../database/transactions.js';
import type { VersionedCache } from '../../../common/version-poll.js';
import type { CatalogCacheService } from './catalog-cache.service.js';

/**
 * Rows of the catalogue read for signed-in pages (a course's or a formation's structure: the
 * student's viewer and every class she marks), kept in memory per instance on the same terms as
 * the public answers (CatalogCacheService): dropped when the catalogue version changes (within
 * one poll of a write on any instance, at once on the instance that made it), and not used when
 * the version has not been read within the bound. Read in a transaction, rows are what that
 * transaction sees (maybe its own change, not committed): never from or into the memory.
 *
 * What is kept is shared by every request: frozen, so no caller can change it for the next.
 */
export class CatalogRows<V extends object> {
  private readonly rows: VersionedCache<V>;

  constructor(
    cache: CatalogCacheService,
    private readonly host: TransactionHost,
    maxEntries: number,
  ) {
    this.rows = cache.follow<V>({ max: maxEntries });
  }

  /** The value of `key`: kept, or from `load` (kept unless undefined: a miss is asked again). */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (this.host.inTransaction) return load();
    const ticket = this.rows.ticket();
    const hit = this.rows.get(key);
    if (hit) return hit;
    const value = await load();
    // frozen only when kept (a value a change made stale is the caller's own)
    if (value !== undefined && this.rows.fresh() && ticket === this.rows.ticket()) {
      this.rows.set(key, deepFreeze(value), ticket);
    }
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
