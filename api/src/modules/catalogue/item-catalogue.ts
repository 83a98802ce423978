import type { CourseSummary, Lang } from '@circo/shared-contracts';
import type { AppError } from '../../common/errors/app-error.js';
import type { TransactionHost } from '../../database/transactions.js';
import { CatalogRows } from './cache/catalog-rows.js';
import type { CatalogCacheService } from './cache/catalog-cache.service.js';
import { toItemSummary } from './catalog.mapper.js';
import type { ItemReads, ItemSummaryRow } from './item-reads.js';
import type { Viewer } from './visibility.js';

/** An item and what its page and its student's viewer show of it (titles and flags). */
export interface ItemStructure {
  row: ItemSummaryRow;
  /** every class of the item (a formation's: of all its modules) */
  classes: ReadonlyArray<{ id: string }>;
}

/**
 * What the public catalogue and the other modules read the same way of courses and formations:
 * the item by id, its structure kept until the catalogue changes, what a checkout prices it by,
 * and summaries, search hits and titles of several. Each service adds what its kind has (a
 * course's classes, a formation's modules) by `loadStructure`.
 */
export abstract class ItemCatalogueService<S extends ItemStructure, Row> {
  private readonly structures: CatalogRows<S>;

  protected constructor(
    private readonly items: ItemReads<Row>,
    private readonly notFound: () => AppError,
    kept: { cache: CatalogCacheService; host: TransactionHost; max: number },
  ) {
    this.structures = new CatalogRows(kept.cache, kept.host, kept.max);
  }

  /** The item's structure as read from the database, given its summary row. */
  protected abstract loadStructure(row: ItemSummaryRow): Promise<S>;

  /** The item, or its kind's 404. */
  async get(id: string): Promise<Row> {
    const row = await this.items.find(id);
    if (!row) throw this.notFound();
    return row;
  }

  /** What a checkout prices the item by (title, price, visibility), or 404. */
  async forSale(id: string): Promise<Pick<ItemSummaryRow, 'title' | 'priceCents' | 'visible'>> {
    return (await this.structure(id)).row;
  }

  /** Whether the class is one of the item's (404 when the item does not exist). */
  async hasClass(itemId: string, classId: string): Promise<boolean> {
    return (await this.structure(itemId)).classes.some((c) => c.id === classId);
  }

  /** The given items as summaries in `lang` (hidden languages blanked), in the order of `ids`. */
  async summaries(ids: readonly string[], lang: Lang, viewer: Viewer): Promise<CourseSummary[]> {
    const rows = new Map((await this.items.summaries(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toItemSummary(row, lang, viewer)] : [];
    });
  }

  /** Visible items matching the search term in `lang`. */
  async search(lang: Lang, q: string, limit: number, viewer: Viewer): Promise<CourseSummary[]> {
    const rows = await this.items.search(lang, q, limit);
    return rows.map((r) => toItemSummary(r, lang, viewer));
  }

  /** Titles and flags of the given items, by id (unknown ids are absent). */
  async titles(
    ids: readonly string[],
  ): Promise<Map<string, Pick<ItemSummaryRow, 'title' | 'visible'>>> {
    const rows = await this.items.titles(ids);
    return new Map(rows.map((r) => [r.id, { title: r.title, visible: r.visible }]));
  }

  /** The item and its children, kept until the catalogue changes; 404 when unknown. */
  protected async structure(id: string): Promise<S> {
    const found = await this.structures.get(id, async () => {
      const row = await this.items.findSummary(id);
      return row && this.loadStructure(row);
    });
    if (!found) throw this.notFound();
    return found;
  }
}
