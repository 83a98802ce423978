import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import type { ItemType } from '../../database/columns.js';
import { classProgress, type ClassProgressRow } from './progress.table.js';

@Injectable()
export class ProgressRepository extends Repository {
  listForUser(userId: string): Promise<ClassProgressRow[]> {
    return this.db
      .select()
      .from(classProgress)
      .where(eq(classProgress.userId, userId))
      .orderBy(asc(classProgress.completedAt));
  }

  async completed(userId: string, itemType: ItemType, itemId: string): Promise<string[]> {
    const rows = await this.db
      .select({ classId: classProgress.classId })
      .from(classProgress)
      .where(
        and(
          eq(classProgress.userId, userId),
          eq(classProgress.itemType, itemType),
          eq(classProgress.itemId, itemId),
        ),
      )
      .orderBy(asc(classProgress.completedAt));
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
