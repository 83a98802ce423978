import { asc, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LocalizedFlags, LocalizedText } from '../../../database/tables/columns.js';
import type { Database } from '../../../database/database.js';
import { TableRows, type KeyedTable } from '../../../database/table-rows.js';
import { nextPosition, writePositions } from './positions.js';
import { assertOrder } from '../classes/admin-classes.js';

/** A table of ordered children (modules of a formation, classes of a course or module). */
export interface OrderedTable<T extends PgTable = PgTable> extends KeyedTable<T> {
  parent: PgColumn;
  position: PgColumn;
  createdAt: PgColumn;
  title: PgColumn;
}

/** The ordered-table columns of a child table, given its parent column. */
export const orderedTable = <
  T extends PgTable & Record<'id' | 'position' | 'visible' | 'createdAt' | 'title', PgColumn>,
>(
  table: T,
  parent: PgColumn,
): OrderedTable<T> => ({
  table,
  parent,
  id: table.id,
  position: table.position,
  visible: table.visible,
  createdAt: table.createdAt,
  title: table.title,
});

/** What a list shows of a child: its title and flags, and its parent. */
export interface ChildTitle {
  id: string;
  parentId: string;
  title: LocalizedText;
  visible: LocalizedFlags;
}

/**
 * The rows of an ordered child table: the one-row reads and writes, a new child added after the
 * last one of its parent, the children of some parents in order, and a reorder. The same for
 * modules and for course and module classes (only the table and its parent column differ).
 */
export class OrderedRows<
  T extends PgTable,
  Row = T['$inferSelect'],
  NewRow extends { position?: number } = T['$inferInsert'],
> extends TableRows<T, Row, Omit<NewRow, 'position'>> {
  constructor(
    db: () => Database,
    private readonly ordered: OrderedTable<T>,
    private readonly parentOf: (values: Omit<NewRow, 'position'>) => string,
  ) {
    super(db, ordered);
  }

  /** Added after the last child of its parent. */
  override async insert(values: Omit<NewRow, 'position'>): Promise<Row> {
    const position = await nextPosition(this.db(), this.ordered, this.parentOf(values));
    return super.insert({ ...values, position } as Omit<NewRow, 'position'>);
  }

  /** The children of the given parents, each parent's in order. */
  childrenOf(parentIds: readonly string[]): Promise<Row[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    return this.db()
      .select()
      .from(this.table)
      .where(inArray(this.ordered.parent, [...parentIds]))
      .orderBy(asc(this.ordered.position), asc(this.ordered.createdAt)) as Promise<Row[]>;
  }

  /** Every child of every parent, each parent's in order. */
  all(): Promise<Row[]> {
    const t = this.ordered;
    return this.db()
      .select()
      .from(this.table)
      .orderBy(asc(t.position), asc(t.createdAt)) as Promise<Row[]>;
  }

  /** The titles of every child of every parent, each parent's in order. */
  titles(): Promise<ChildTitle[]> {
    const t = this.ordered;
    return this.db()
      .select({ id: t.id, parentId: t.parent, title: t.title, visible: t.visible! })
      .from(this.table)
      .orderBy(asc(t.position), asc(t.createdAt)) as Promise<ChildTitle[]>;
  }

  /** Every child of `parentId`, in the order of `ids`. */
  reorder(parentId: string, ids: readonly string[]): Promise<void> {
    return writePositions(this.db(), this.ordered, parentId, ids);
  }
}

/** One parent's children as an admin list shows them (from `titles()`). */
export const childTitlesOf = (titles: readonly ChildTitle[], parentId: string) =>
  titles
    .filter((c) => c.parentId === parentId)
    .map((c) => ({ _id: c.id, title: c.title, visible: c.visible }));

/** Puts a parent's children in the order of `ids`: every child id once (else 400). */
export async function reorderChildren<Row extends { id: string }>(
  rows: Pick<OrderedRows<PgTable, Row>, 'childrenOf' | 'reorder'>,
  parentId: string,
  ids: string[],
): Promise<Row[]> {
  assertOrder(
    ids,
    (await rows.childrenOf([parentId])).map((c) => c.id),
  );
  await rows.reorder(parentId, ids);
  return rows.childrenOf([parentId]);
}
