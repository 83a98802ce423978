import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../database/database.js';

// Children (classes of a course or module, modules of a formation) are kept in `position` order.
// A new child goes last; a reorder writes 0..n-1 in the order given, in one statement.

interface Ordered {
  table: PgTable;
  id: PgColumn;
  parent: PgColumn;
  position: PgColumn;
}

/** The position after the last child of `parentId`. */
export async function nextPosition(db: Database, t: Ordered, parentId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${t.position}) + 1, 0)::int` })
    .from(t.table)
    .where(eq(t.parent, parentId));
  return Number(row?.next ?? 0);
}

/** Sets position = index of each id in `ids` (all children of `parentId`). */
export async function writePositions(
  db: Database,
  t: Ordered,
  parentId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const cases: SQL[] = ids.map((id, i) => sql`when ${t.id} = ${id}::uuid then ${i}::int`);
  await db
    .update(t.table)
    // every ordered table names the column `position`
    .set({ position: sql`case ${sql.join(cases, sql` `)} else ${t.position} end` } as never)
    .where(and(eq(t.parent, parentId)));
}
