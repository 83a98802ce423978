import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Lang } from '@circo/shared-contracts';
import type { LocalizedFlags } from '../../../database/tables/columns.js';
import type { Database } from '../../../database/database.js';
import { nextPosition, toggleFlag } from '../admin/positions.js';

/** A class table (course classes, module classes): ordered children with per-language flags. */
export interface ClassTable {
  table: PgTable;
  id: PgColumn;
  parent: PgColumn;
  position: PgColumn;
  visible: PgColumn;
}

/**
 * The one-row reads and writes of a class table, which are the same for course and module classes
 * (only the table and its parent column differ). Built by the owning repository, on its
 * connection (`db()`: the open transaction, if any), so only that repository names the table.
 */
export class ClassRows<Row, NewRow extends { position?: number }> {
  constructor(
    private readonly db: () => Database,
    private readonly t: ClassTable,
    private readonly parentOf: (values: Omit<NewRow, 'position'>) => string,
  ) {}

  async find(id: string): Promise<Row | undefined> {
    const [row] = await this.db().select().from(this.t.table).where(eq(this.t.id, id)).limit(1);
    return row as Row | undefined;
  }

  /** Added after the last class of its parent. */
  async insert(values: Omit<NewRow, 'position'>): Promise<Row> {
    const position = await nextPosition(this.db(), this.t, this.parentOf(values));
    const [row] = await this.db()
      .insert(this.t.table)
      .values({ ...values, position } as never)
      .returning();
    return row as Row;
  }

  async update(id: string, values: Partial<NewRow>): Promise<Row | undefined> {
    const [row] = await this.db()
      .update(this.t.table)
      .set(values as never)
      .where(eq(this.t.id, id))
      .returning();
    return row as Row | undefined;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db()
      .delete(this.t.table)
      .where(eq(this.t.id, id))
      .returning({ id: this.t.id });
    return rows.length > 0;
  }

  async toggleVisible(id: string, lang: Lang): Promise<LocalizedFlags | undefined> {
    const [row] = await this.db()
      .update(this.t.table)
      .set({ visible: toggleFlag(this.t.visible, lang) } as never)
      .where(eq(this.t.id, id))
      .returning({ visible: this.t.visible });
    return row?.visible as LocalizedFlags | undefined;
  }
}
