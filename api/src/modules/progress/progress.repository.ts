import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../database/database.js';
import {
  type BuiltReads,
  preparedRowsBy,
  PreparedReadsRepository,
  TransactionHost,
} from '../../database/transactions.js';
import type { ItemType } from '../../database/tables/columns.js';
import { classProgress, type ClassProgressRow } from '../../database/tables/progress.table.js';

/** The reads of the profile and the viewers: built once and prepared. */
const preparedReads = {
  listForUser: (db: Database) =>
    preparedRowsBy(db, 'progress_list_for_user', classProgress, 'userId', [
      asc(classProgress.completedAt),
    ]),
  completed: (db: Database) =>
    db
      .select({ classId: classProgress.classId })
      .from(classProgress)
      .where(
        and(
          eq(classProgress.userId, sql.placeholder('userId')),
          eq(classProgress.itemType, sql.placeholder('itemType')),
          eq(classProgress.itemId, sql.placeholder('itemId')),
        ),
      )
      .orderBy(asc(classProgress.completedAt))
      .prepare('progress_completed'),
};

@Injectable()
export class ProgressRepository extends PreparedReadsRepository<BuiltReads<typeof preparedReads>> {
  constructor(host: TransactionHost) {
    super(host, preparedReads);
  }

  listForUser(userId: string): Promise<ClassProgressRow[]> {
    return this.prepared.listForUser.execute({ userId });
  }

  async completed(userId: string, itemType: ItemType, itemId: string): Promise<string[]> {
    const rows = await this.prepared.completed.execute({ userId, itemType, itemId });
    return rows.map((r) => r.classId);
  }

  /**
   * Marks a class done (twice changes nothing) and answers the item's marked classes, oldest
   * first, in one statement. The statement's own view of the table is from before its insert, so
   * the new mark comes from the insert's answer; a mark another request made at the same moment
   * (a double tap) is in neither, and is added as now: the class is marked either way. `then`,
   * given whether the marks now hold every class of `counted`, is written by the same statement
   * (the certificate's job of the mark that completes the item).
   */
  async mark(
    userId: string,
    itemType: ItemType,
    itemId: string,
    classId: string,
    completes?: { counted: string[]; then: (complete: SQL) => SQL },
  ): Promise<string[]> {
    const counted = completes?.counted.length
      ? sql`array[${sql.join(
          completes.counted.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`
      : null;
    return this.classIds(sql`
      with added as (
        insert into class_progress (user_id, item_type, item_id, class_id)
        values (${userId}, ${itemType}, ${itemId}, ${classId})
        on conflict do nothing
        returning class_id, completed_at
      ), marked as (
        select class_id, completed_at from class_progress
          where user_id = ${userId} and item_type = ${itemType} and item_id = ${itemId}
        union all
        select class_id, completed_at from added
      ), answer as (
        select class_id, completed_at from marked
        union all
        select ${classId}::uuid, now()
          where not exists (select 1 from marked where class_id = ${classId}::uuid)
      )${
        counted && completes
          ? sql`, completing as (
        ${completes.then(sql`${counted} <@ (select array_agg(class_id) from answer)`)}
      )`
          : sql``
      }
      select class_id from answer order by completed_at`);
  }

  /** Unmarks a class and answers the item's classes still marked, oldest first, in one statement. */
  async unmark(
    userId: string,
    itemType: ItemType,
    itemId: string,
    classId: string,
  ): Promise<string[]> {
    // the delete runs whether or not the select reads it; the select's view is from before it
    return this.classIds(sql`
      with removed as (
        delete from class_progress
          where user_id = ${userId} and item_type = ${itemType} and item_id = ${itemId}
            and class_id = ${classId}
      )
      select class_id from class_progress
        where user_id = ${userId} and item_type = ${itemType} and item_id = ${itemId}
          and class_id <> ${classId}::uuid
        order by completed_at`);
  }

  private async classIds(query: SQL): Promise<string[]> {
    // both drivers (node-postgres, PGlite) answer { rows }
    const { rows } = (await this.db.execute(query)) as unknown as {
      rows: Array<{ class_id: string }>;
    };
    return rows.map((r) => r.class_id);
  }
}
