import { COMMON_ERRORS, type Lang, type VisibilityResult } from '@circo/shared-contracts';
import { AppError } from '../../../common/errors/app-error.js';
import type { PurchasesService } from '../../purchases/index.js';
import type { UploadsService } from '../../uploads/index.js';
import { itemRefs, toAdminItem, type AdminItemRow } from './admin-values.js';
import type { ItemRows, ItemTable } from './item-rows.js';
import { toggleShown } from './shared-rules.js';

/** One kind of sellable item: its rows, its not-found error and how a 409 names it. */
export interface ItemKind<T extends ItemTable & { $inferSelect: AdminItemRow }> {
  kind: 'course' | 'formation';
  rows: ItemRows<T>;
  notFound: () => AppError;
  /** "This course has buyers, ..." */
  inUse: string;
}

/**
 * What the admin does the same way to a course and to a formation (admin spec sections 2 and 7):
 * the list with who has buyers, an edit that discards the files the item stops pointing to, a
 * deletion refused (409) once anyone bought it, and the per-language switch. Each service builds
 * one for its kind and runs it inside its own transactions (`@Transactional()`).
 */
export class ItemAdmin<T extends ItemTable & { $inferSelect: AdminItemRow }> {
  constructor(
    private readonly item: ItemKind<T>,
    private readonly purchases: PurchasesService,
    private readonly uploads: UploadsService,
  ) {}

  /** The row, or the kind's 404. */
  async find(id: string): Promise<T['$inferSelect']> {
    const row = await this.item.rows.find(id);
    if (!row) throw this.item.notFound();
    return row;
  }

  /** Every item as the admin sees it, newest first, with `extra` (its children) added. */
  async list<Extra>(
    rows: T['$inferSelect'][],
    extra: (row: T['$inferSelect']) => Extra,
  ): Promise<Array<ReturnType<typeof toAdminItem> & Extra>> {
    const withBuyers = await this.purchases.itemsWithBuyers(
      this.item.kind,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...toAdminItem(r, withBuyers.has(r.id)), ...extra(r) }));
  }

  /** Writes `values(current)`; the files the item stops pointing to are discarded. */
  async update(
    id: string,
    values: (current: T['$inferSelect']) => Partial<T['$inferInsert']>,
  ): Promise<void> {
    const current = await this.find(id);
    const updated = await this.item.rows.update(id, values(current));
    if (!updated) throw this.item.notFound();
    const kept = new Set(itemRefs(updated));
    await this.uploads.discard(itemRefs(current).filter((ref) => !kept.has(ref)));
  }

  /**
   * 409 when anyone bought it; else the item (its children go by cascade) and its files, with the
   * files of its children that `childRefs()` lists before they go.
   */
  async remove(id: string, childRefs: () => Promise<string[]>): Promise<void> {
    const current = await this.find(id);
    if (await this.purchases.hasBuyers(this.item.kind, id)) {
      throw new AppError(409, COMMON_ERRORS.inUse, this.item.inUse);
    }
    const refs = await childRefs();
    await this.item.rows.delete(id);
    await this.uploads.discard([...itemRefs(current), ...refs]);
  }

  /** Shown in a language only where its content is (else 400). */
  toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return toggleShown(this.item.kind, this.item.rows, id, lang, this.item.notFound);
  }
}
