import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Lang } from '@circo/shared-contracts';
import type { SearchIndexService } from './search/search-index.service.js';
import { SEARCH_ROWS_CACHED, SearchRowCache } from './search/search-row-cache.js';
import { searchSteps, type SearchTable } from './search/text-search.js';
import type { Database } from '../../database/database.js';
import type { BuiltReads } from '../../database/transactions.js';
import type {
  LocalizedFlags,
  LocalizedOptional,
  LocalizedText,
} from '../../database/tables/columns.js';

/** What the catalogue shows of a course or formation (no public ids, no search columns). */
export interface ItemSummaryRow {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  priceCents: number;
  image: LocalizedOptional;
  pdf: LocalizedOptional;
  video: LocalizedOptional;
  visible: LocalizedFlags;
}

/** A table of sellable items (`sellableItemColumns`: courses, formations). */
export type SellableTable = PgTable & Record<keyof ItemSummaryRow | 'createdAt', PgColumn>;

export const itemSummaryColumns = (t: SellableTable) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  priceCents: t.priceCents,
  image: t.image,
  pdf: t.pdf,
  video: t.video,
  visible: t.visible,
});

/** The hot reads of one item by id and of a search's ids (any order), prepared as `<name>_...`. */
export function itemReadBuilders(t: SellableTable, name: string) {
  return {
    summary: (db: Database) =>
      db
        .select(itemSummaryColumns(t))
        .from(t)
        .where(eq(t.id, sql.placeholder('id')))
        .limit(1)
        .prepare(`${name}_summary`),
    summaries: (db: Database) =>
      db
        .select(itemSummaryColumns(t))
        .from(t)
        .where(sql`${t.id} = any(${sql.placeholder('ids')}::uuid[])`)
        .prepare(`${name}_summaries`),
  };
}
type ItemPreparedReads = BuiltReads<ReturnType<typeof itemReadBuilders>>;

/** Where an item kind's rows are: its tables and its repository's prepared reads. */
export interface ItemSource {
  db: () => Database;
  table: SellableTable;
  search: SearchTable;
  /** the prepared reads on the open transaction, or on the database */
  prepared: () => ItemPreparedReads;
  /** the prepared reads on the database */
  reads: ItemPreparedReads;
}

/**
 * The public reads of courses and of formations, which are the same but for their tables: by id,
 * the summaries and titles of some ids, and the search (catalogue/search). Built by the owning
 * repository, so only that repository names its tables.
 */
export class ItemReads<Row> {
  /** the rows searches showed lately (catalogue/search/search-row-cache.ts) */
  private readonly searchRows = new SearchRowCache<ItemSummaryRow>(SEARCH_ROWS_CACHED);

  constructor(
    private readonly source: ItemSource,
    private readonly searchIndex: SearchIndexService,
  ) {}

  async find(id: string): Promise<Row | undefined> {
    const t = this.source.table;
    const [row] = await this.source.db().select().from(t).where(eq(t.id, id)).limit(1);
    return row as Row | undefined;
  }

  async findSummary(id: string): Promise<ItemSummaryRow | undefined> {
    const [row] = await this.source.prepared().summary.execute({ id });
    return row as ItemSummaryRow | undefined;
  }

  /** Summary rows of the given ids (unknown ids are absent), for My Courses. */
  summaries(ids: readonly string[]): Promise<ItemSummaryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const t = this.source.table;
    return this.source
      .db()
      .select(itemSummaryColumns(t))
      .from(t)
      .where(inArray(t.id, [...ids])) as Promise<ItemSummaryRow[]>;
  }

  /** Titles and flags of the given items (missing ids are left out). */
  titles(ids: readonly string[]): Promise<Array<Pick<ItemSummaryRow, 'id' | 'title' | 'visible'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    const t = this.source.table;
    return this.source
      .db()
      .select({ id: t.id, title: t.title, visible: t.visible })
      .from(t)
      .where(inArray(t.id, [...ids])) as Promise<
      Array<Pick<ItemSummaryRow, 'id' | 'title' | 'visible'>>
    >;
  }

  /** The queries of a search, as searchIds runs them (for EXPLAIN in tests and the bench). */
  searchSteps(lang: Lang, q: string) {
    return searchSteps(this.source.search, lang, q);
  }

  /**
   * Items visible in `lang` whose title or description there contains `q` (accents and case
   * ignored): title matches first, then by normalised title (catalogue/search/text-search.ts).
   */
  async search(lang: Lang, q: string, limit: number): Promise<ItemSummaryRow[]> {
    const { ids, version } = await this.searchIndex.find(this.source.search, lang, q, limit);
    return this.searchRows.inOrder(
      ids,
      version,
      (missing) =>
        this.source.reads.summaries.execute({ ids: missing }) as Promise<ItemSummaryRow[]>,
    );
  }
}

/** A child of an item (a course's class, a formation's module) with the item's flags. */
export interface WithItemFlags<Row> {
  row: Row;
  itemVisible: LocalizedFlags;
}

/** Where a child table's rows are and which of their columns a read takes. */
export interface ChildOfItem {
  table: PgTable;
  id: PgColumn;
  /** the column naming the item */
  itemId: PgColumn;
  columns: PgTable | Record<string, PgColumn>;
}

/** The child `id` with its item's flags, or undefined. */
export async function childWithItemFlags<Row>(
  db: Database,
  child: ChildOfItem,
  item: SellableTable,
  id: string,
): Promise<WithItemFlags<Row> | undefined> {
  const [found] = await db
    .select({ row: child.columns as never, itemVisible: item.visible })
    .from(child.table)
    .innerJoin(item, eq(item.id, child.itemId))
    .where(eq(child.id, id))
    .limit(1);
  return found as WithItemFlags<Row> | undefined;
}
