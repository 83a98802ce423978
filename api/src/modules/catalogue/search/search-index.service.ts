import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { getTableName, sql } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { DB, type Database } from '../../../database/database.js';
import { catalogVersion } from '../../../database/tables/catalog-version.table.js';
import { rowsOf, searchIds, type SearchTable } from './text-search.js';
import { SizeMismatch, TextIndex, type TextIndexPage, type TextIndexSizes } from './text-index.js';

/** A search table's indexes, one per language, as of one search version. */
interface TableIndex {
  version: string;
  byLang: ReadonlyMap<Lang, TextIndex>;
}

/** The term as the search tables hold text, and the search version, read in one statement. */
interface Lookup {
  term: string;
  version: string;
}

/** A search's matches, and the search version read before them. */
export interface SearchHits {
  ids: string[];
  version?: string;
}

/** What the health answer says about the search index. */
export interface SearchIndexStatus {
  /** an index is being (re)built; searches meanwhile run in SQL */
  building: boolean;
  /** entries held (items x languages they are visible in) */
  entries: number;
  bytes: number;
  /** how long the last build that finished took (ms), null before the first */
  lastBuildMs: number | null;
}

/**
 * Catalogue search from memory (docs/performance.md, "Search"): per search table and language, the
 * visible items' normalised titles and descriptions in title order (TextIndex), answered in 1-2
 * ms at 100,000 items where the SQL search (text-search.ts) takes 10-40 ms.
 *
 * Never stale: each search reads the search version (`catalog_version.search_version`) in the
 * same statement that normalises its term, and uses an index only when the index was read at
 * exactly that version (every committed write to the courses or formations bumps it: statement
 * triggers; classes, modules, vouchers and in-person trainings do not, so they cost no rebuild).
 * Otherwise that search runs in SQL and
 * the index is rebuilt in the background (one build per table at a time), so an index is as
 * current as the database for every search, on every instance, with no polling bound.
 *
 * An index is built on a table's first search (no memory is spent until someone searches) and
 * after each catalogue change: the sizes per language, then keyset pages of
 * SEARCH_INDEX_PAGE_ROWS rows in title order, each read with the version; a build that saw two
 * versions, or rows that do not fill the sizes, starts again.
 */
@Injectable()
export class SearchIndexService implements OnModuleDestroy {
  private readonly logger = new Logger('SearchIndex');
  private readonly indexes = new Map<SearchTable, TableIndex>();
  private readonly building = new Map<SearchTable, Promise<void>>();
  /** lookups in flight by term: the formations and courses of one search share one */
  private readonly lookups = new Map<string, Promise<Lookup>>();
  private readonly enabled: boolean;
  /** rows read per query while an index is built (bounds PGlite's WebAssembly memory growth) */
  private readonly pageRows: number;
  private closed = false;
  private lastBuildMs: number | null = null;

  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = config.searchIndex.enabled;
    this.pageRows = config.searchIndex.pageRows;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  /**
   * Ids of the items of `t` visible in `lang` whose title or description there contains `q`:
   * title matches first, each group in title order; at most `limit` (text-search.ts searchIds,
   * the same answer); with the search version read before them (for SearchRowCache), none with
   * SEARCH_INDEX=false.
   */
  async find(t: SearchTable, lang: Lang, q: string, limit: number): Promise<SearchHits> {
    if (!this.enabled) return { ids: await searchIds(this.db, t, lang, q, limit) };
    const { term, version } = await this.lookup(q);
    const index = this.indexes.get(t);
    if (index?.version === version)
      return { ids: index.byLang.get(lang)?.search(term, limit) ?? [], version };
    this.rebuild(t);
    return { ids: await searchIds(this.db, t, lang, q, limit), version };
  }

  /** Resolves when no index is being built (tests, the bench). */
  async settled(): Promise<void> {
    while (this.building.size > 0) await Promise.allSettled([...this.building.values()]);
  }

  status(): SearchIndexStatus {
    let entries = 0;
    let bytes = 0;
    for (const { byLang } of this.indexes.values())
      for (const index of byLang.values()) {
        entries += index.size;
        bytes += index.bytes;
      }
    return { building: this.building.size > 0, entries, bytes, lastBuildMs: this.lastBuildMs };
  }

  private lookup(q: string): Promise<Lookup> {
    let found = this.lookups.get(q);
    if (!found) {
      found = this.db
        .execute(sql`select lower(f_unaccent(${q})) as term, (${versionText}) as version`)
        .then((result) => rowsOf<Lookup>(result)[0])
        .finally(() => this.lookups.delete(q));
      this.lookups.set(q, found);
    }
    return found;
  }

  private rebuild(t: SearchTable): void {
    if (this.closed || this.building.has(t)) return;
    // a stale index is never used again (versions only grow): let its memory go now
    this.indexes.delete(t);
    const started = Date.now();
    const build = this.build(t)
      .then((index) => {
        if (!index) return;
        this.indexes.set(t, index);
        this.lastBuildMs = Date.now() - started;
        this.logger.debug(`${getTableName(t)} indexed in ${this.lastBuildMs} ms`);
      })
      .catch((err: Error) => {
        // the searches meanwhile ran in SQL and the next one tries again
        if (!this.closed) this.logger.warn(`${getTableName(t)} not indexed: ${err.message}`);
      })
      .finally(() => this.building.delete(t));
    this.building.set(t, build);
  }

  /** Reads the table at one search version; undefined when the app closed meanwhile. */
  private async build(t: SearchTable): Promise<TableIndex | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        // the sizes first, so that the index's buffers are allocated once (TextIndex.builder)
        const { version, byLang: sizes } = await this.sizes(t);
        const byLang = new Map<Lang, TextIndex>();
        for (const lang of LANGUAGES) {
          const builder = TextIndex.builder(sizes.get(lang) ?? NO_ENTRIES);
          let after: { id: string; title: string } | undefined;
          for (;;) {
            if (this.closed) return undefined;
            const page = await this.page(t, lang, after);
            if (page.version !== version) throw new SizeMismatch();
            after = builder.add(page);
            if (page.ids.length < this.pageRows * 16) break;
          }
          byLang.set(lang, builder.build());
        }
        return { version, byLang };
      } catch (err) {
        if (!(err instanceof SizeMismatch)) throw err;
        // a catalogue write committed while the pages were read: read them again
        if (attempt >= 3) throw new Error('the catalogue kept changing while it was read');
      }
    }
  }

  /** Per language, how many visible entries and how many bytes they need; the search version. */
  private async sizes(
    t: SearchTable,
  ): Promise<{ version: string; byLang: Map<Lang, TextIndexSizes> }> {
    const result = await this.db.execute(sql`
      select v.version, s.lang, s.entries, s.title_bytes as "titleBytes", s.body_bytes as "bodyBytes"
      from (${versionText}) v(version)
      left join lateral (
        select ${t.lang} as lang, count(*)::int as entries,
          sum(octet_length(${t.title}) + 1)::int as title_bytes,
          sum(octet_length(${t.body}) + 1)::int as body_bytes
        from ${t} where ${t.visible} group by ${t.lang}
      ) s on true`);
    const rows = rowsOf<TextIndexSizes & { version: string; lang: Lang | null }>(result);
    return {
      version: rows[0].version,
      byLang: new Map(rows.flatMap((r) => (r.lang === null ? [] : [[r.lang, r]]))),
    };
  }

  /**
   * One page of visible entries in title order after `after`, as one row of aggregates (no
   * object per entry: a build makes little garbage), with the search version.
   */
  private async page(
    t: SearchTable,
    lang: Lang,
    after: { id: string; title: string } | undefined,
  ): Promise<TextIndexPage & { version: string }> {
    // a literal language: the partial title-order index's predicate is then implied
    const next = after
      ? sql`and (${t.title}, ${t.itemId}) > (${after.title} collate "C", ${after.id}::uuid)`
      : sql``;
    const nul = sql.raw(`'\\x00'::bytea`);
    const result = await this.db.execute(sql`
      select v.version,
        coalesce(string_agg(uuid_send(p.id), ''::bytea order by p.title, p.id), ''::bytea) as ids,
        coalesce(string_agg(convert_to(p.title, 'UTF8') || ${nul}, ''::bytea order by p.title, p.id), ''::bytea) as titles,
        coalesce(string_agg(convert_to(p.body, 'UTF8') || ${nul}, ''::bytea order by p.title, p.id), ''::bytea) as bodies
      from (${versionText}) v(version)
      left join lateral (
        select ${t.itemId} as id, ${t.title} as title, ${t.body} as body
        from ${t} where ${t.lang} = ${sql.raw(`'${lang}'`)} and ${t.visible} ${next}
        order by ${t.title}, ${t.itemId} limit ${this.pageRows}
      ) p on true
      group by v.version`);
    return rowsOf<TextIndexPage & { version: string }>(result)[0];
  }
}

const NO_ENTRIES: TextIndexSizes = { entries: 0, titleBytes: 0, bodyBytes: 0 };

/**
 * The version of what the index holds, as text (a bigint: pg answers strings, PGlite numbers):
 * bumped by every write to the courses and formations, not by the other catalogue tables.
 */
const versionText = sql`select ${catalogVersion.searchVersion}::text from ${catalogVersion} where ${catalogVersion.id} = 1`;
