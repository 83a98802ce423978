/** Rows each searchable table keeps for searches (~1-2 KB each: a few MB). */
export const SEARCH_ROWS_CACHED = 2000;

/**
 * The rows a search shows (course or formation summaries) of the latest search version, by id,
 * so that a search whose matches were shown before needs no query for them. Same freshness as the
 * search index: a search hands in the search version it read with its term (SearchIndexService
 * `find`), a newer version empties the cache, and a row is kept only under the version that was
 * current before it was read (so it is that version's row or a newer one, never an older one).
 * At most `max` rows, least recently shown dropped first.
 */
export class SearchRowCache<T extends { id: string }> {
  private version = -1n;
  private readonly rows = new Map<string, T>();

  constructor(private readonly max: number) {}

  /**
   * The rows of `ids` (unknown ids absent): cached ones, and the others from `read`. Without a
   * version (searches in SQL only) nothing is cached.
   */
  async load(
    ids: readonly string[],
    version: string | undefined,
    read: (ids: string[]) => Promise<T[]>,
  ): Promise<Map<string, T>> {
    const v = version === undefined ? undefined : BigInt(version);
    if (v !== undefined && v > this.version) {
      this.rows.clear();
      this.version = v;
    }
    const current = v !== undefined && v === this.version;
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = current ? this.rows.get(id) : undefined;
      if (row === undefined) {
        missing.push(id);
        continue;
      }
      found.set(id, row);
      // most recently shown last (Map keeps insertion order)
      this.rows.delete(id);
      this.rows.set(id, row);
    }
    if (missing.length === 0) return found;
    const rows = await read(missing);
    // kept only if no newer version emptied the cache while they were read
    const keep = current && this.version === v;
    for (const row of rows) {
      found.set(row.id, row);
      if (keep) this.rows.set(row.id, row);
    }
    for (const id of this.rows.keys()) {
      if (this.rows.size <= this.max) break;
      this.rows.delete(id);
    }
    return found;
  }

  /** The rows of `ids` in that order (unknown ids left out), as `load` finds them. */
  async inOrder(
    ids: readonly string[],
    version: string | undefined,
    read: (ids: string[]) => Promise<T[]>,
  ): Promise<T[]> {
    if (ids.length === 0) return [];
    const byId = await this.load(ids, version, read);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Rows held (tests, health). */
  get size(): number {
    return this.rows.size;
  }
}
