import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Lang } from '@circo/shared-contracts';
import type { Database } from './database.js';
import type { LocalizedFlags } from './tables/columns.js';

/** A table whose rows are found by their `id`, with per-language `visible` flags if it has them. */
export interface KeyedTable<T extends PgTable = PgTable> {
  table: T;
  id: PgColumn;
  visible?: PgColumn;
}

/** Flips one language of a `visible` column in one statement (no lost toggle under races). */
export const toggleFlag = (column: PgColumn, lang: Lang) =>
  sql`jsonb_set(${column}, ${`{${lang}}`}::text[], to_jsonb(not coalesce((${column} ->> ${lang})::boolean, false)))`;

/**
 * The one-row reads and writes by id, which are the same for every table that has them (courses,
 * formations, modules, classes, vouchers, in-person trainings). Built by the owning repository, on
 * its connection (`db()`: the open transaction, if any), so only that repository names the table.
 */
export class TableRows<T extends PgTable, Row = T['$inferSelect'], NewRow = T['$inferInsert']> {
  constructor(
    protected readonly db: () => Database,
    protected readonly t: KeyedTable<T>,
  ) {}

  /** The table as Drizzle's query builders take it (they cannot narrow a generic table). */
  protected get table(): PgTable {
    return this.t.table;
  }

  async find(id: string): Promise<Row | undefined> {
    const [row] = await this.db().select().from(this.table).where(eq(this.t.id, id)).limit(1);
    return row as Row | undefined;
  }

  async insert(values: NewRow): Promise<Row> {
    const [row] = await this.db()
      .insert(this.table)
      .values(values as never)
      .returning();
    return row as Row;
  }

  async update(id: string, values: Partial<NewRow>): Promise<Row | undefined> {
    const [row] = await this.db()
      .update(this.table)
      .set(values as never)
      .where(eq(this.t.id, id))
      .returning();
    return row as Row | undefined;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db()
      .delete(this.table)
      .where(eq(this.t.id, id))
      .returning({ id: this.t.id });
    return rows.length > 0;
  }

  /** Switches one language of the row's `visible` flags; undefined when there is no such row. */
  async toggleVisible(id: string, lang: Lang): Promise<LocalizedFlags | undefined> {
    const visible = this.t.visible;
    if (!visible) throw new Error('toggleVisible: this table has no visible column');
    const [row] = await this.db()
      .update(this.table)
      .set({ visible: toggleFlag(visible, lang) } as never)
      .where(eq(this.t.id, id))
      .returning({ visible });
    return row?.visible as LocalizedFlags | undefined;
  }
}
