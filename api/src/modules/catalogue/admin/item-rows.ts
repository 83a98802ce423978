import { desc } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../database/database.js';
import { TableRows } from '../../../database/table-rows.js';

/** A table of sellable items (courses, formations): `sellableItemColumns`. */
export type ItemTable = PgTable & Record<'id' | 'visible' | 'createdAt', PgColumn>;

/** The rows of an item table: by id, and all of them for the admin's list. */
export class ItemRows<T extends ItemTable> extends TableRows<T> {
  constructor(
    db: () => Database,
    private readonly items: T,
  ) {
    super(db, { table: items, id: items.id, visible: items.visible });
  }

  /** Every item, newest first. */
  listAll(): Promise<T['$inferSelect'][]> {
    return this.db()
      .select()
      .from(this.table)
      .orderBy(desc(this.items.createdAt), desc(this.items.id)) as Promise<T['$inferSelect'][]>;
  }
}
