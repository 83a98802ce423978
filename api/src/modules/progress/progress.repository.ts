import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../database/database.js';
import { PreparedReadsRepository, TransactionHost } from '../../database/transactions.js';
import type { ItemType } from '../../database/columns.js';
import { classProgress, type ClassProgressRow } from './progress.table.js';

/** The reads of the profile and the viewers: built once and prepared. */
function preparedReads(db: Database) {
  const userId = sql.placeholder('userId');
  return {
    listForUser: db
      .select()
      .from(classProgress)
      .where(eq(classProgress.userId, userId))
      .orderBy(asc(classProgress.completedAt))
      .prepare('progress_list_for_user'),
    completed: db
      .select({ classId: classProgress.classId })
      .from(classProgress)
      .where(
        and(
          eq(classProgress.userId, userId),
          eq(classProgress.itemType, sql.placeholder('itemType')),
          eq(classProgress.itemId, sql.placeholder('itemId')),
        ),
      )
      .orderBy(asc(classProgress.completedAt))
      .prepare('progress_completed'),
  };
}

@Injectable()
export class ProgressRepository extends PreparedReadsRepository<ReturnType<typeof preparedReads>> {
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

  /** Marks a class done; marking it twice changes nothing. */
  async mark(userId: string, itemType: ItemType, itemId: string, classId: string): Promise<void> {
    await this.db
      .insert(classProgress)
      .values({ userId, itemType, itemId, classId })
      .onConflictDoNothing();
  }

  async unmark(userId: string, itemType: ItemType, itemId: string, classId: string): Promise<void> {
    await this.db
      .delete(classProgress)
      .where(
        and(
          eq(classProgress.userId, userId),
          eq(classProgress.itemType, itemType),
          eq(classProgress.itemId, itemId),
          eq(classProgress.classId, classId),
        ),
      );
  }
}
