import type { TransactionHost } from '../../../database/transactions.js';
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
  private readonly rows = new Map<string, { gen: number; value: V }>();

  constructor(
    private readonly cache: CatalogCacheService,
    private readonly host: TransactionHost,
    private readonly maxEntries: number,
  ) {}

  /** The value of `key`: kept, or from `load` (kept unless undefined: a miss is asked again). */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (this.host.inTransaction) return load();
    const gen = this.cache.generation();
    if (this.cache.fresh()) {
      const hit = this.rows.get(key);
      if (hit && hit.gen === gen) return hit.value;
    }
    const value = await load();
    if (value !== undefined && gen === this.cache.generation() && this.cache.fresh()) {
      this.rows.delete(key);
      this.rows.set(key, { gen, value: deepFreeze(value) });
      // the oldest first (Map keeps insertion order); entries of an older generation go too
      for (const [k, row] of this.rows) {
        if (this.rows.size <= this.maxEntries && row.gen === gen) break;
        this.rows.delete(k);
      }
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
