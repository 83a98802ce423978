import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PracticePreferences } from '@circo/shared-contracts';
import { Repository } from '../../database/transactions.js';
import type { ItemType } from '../../database/tables/columns.js';
import {
  classPositions,
  practiceLog,
  practicePreferences,
  type ClassPositionRow,
  type PracticeLogRow,
  type PracticePreferencesRow,
} from '../../database/tables/practice.table.js';

/** A class and the course or formation it belongs to. */
export interface ClassRef {
  itemType: ItemType;
  itemId: string;
  classId: string;
}

@Injectable()
export class PracticeRepository extends Repository {
  async position(userId: string, classId: string): Promise<ClassPositionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classPositions)
      .where(and(eq(classPositions.userId, userId), eq(classPositions.classId, classId)))
      .limit(1);
    return row;
  }

  async savePosition(
    userId: string,
    ref: ClassRef,
    video: number,
    seconds: number,
  ): Promise<ClassPositionRow> {
    const [row] = await this.db
      .insert(classPositions)
      .values({ userId, ...ref, video, seconds })
      .onConflictDoUpdate({
        target: [classPositions.userId, classPositions.classId],
        set: { video, seconds, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }

  async preferences(userId: string): Promise<PracticePreferencesRow | undefined> {
    const [row] = await this.db
      .select()
      .from(practicePreferences)
      .where(eq(practicePreferences.userId, userId))
      .limit(1);
    return row;
  }

  async savePreferences(userId: string, p: PracticePreferences): Promise<PracticePreferencesRow> {
    const [row] = await this.db
      .insert(practicePreferences)
      .values({ userId, ...p })
      .onConflictDoUpdate({
        target: practicePreferences.userId,
        set: { ...p, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }

  /**
   * Writes an entry, once per `idempotencyKey` of the student: a key already written answers the
   * entry it wrote (which the caller compares with what was sent).
   */
  async addLog(
    userId: string,
    ref: ClassRef,
    minutes: number,
    day: string,
    idempotencyKey?: string,
  ): Promise<Pick<PracticeLogRow, 'classId' | 'minutes' | 'day'>> {
    const wrote = { classId: ref.classId, minutes, day };
    const values = { userId, ...ref, minutes, day, idempotencyKey: idempotencyKey ?? null };
    if (!idempotencyKey) {
      await this.db.insert(practiceLog).values(values);
      return wrote;
    }
    const inserted = await this.db
      .insert(practiceLog)
      .values(values)
      .onConflictDoNothing({ target: [practiceLog.userId, practiceLog.idempotencyKey] })
      .returning({ id: practiceLog.id });
    if (inserted.length > 0) return wrote;
    const [kept] = await this.db
      .select({ classId: practiceLog.classId, minutes: practiceLog.minutes, day: practiceLog.day })
      .from(practiceLog)
      .where(and(eq(practiceLog.userId, userId), eq(practiceLog.idempotencyKey, idempotencyKey)));
    return kept ?? wrote;
  }

  /** The latest entries (of one class when given), newest first. */
  entries(userId: string, classId: string | undefined, limit: number): Promise<PracticeLogRow[]> {
    return this.db
      .select()
      .from(practiceLog)
      .where(
        classId
          ? and(eq(practiceLog.userId, userId), eq(practiceLog.classId, classId))
          : eq(practiceLog.userId, userId),
      )
      .orderBy(desc(practiceLog.day), desc(practiceLog.createdAt))
      .limit(limit);
  }

  async totalMinutes(userId: string, classId?: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string | number | null>`sum(${practiceLog.minutes})` })
      .from(practiceLog)
      .where(
        classId
          ? and(eq(practiceLog.userId, userId), eq(practiceLog.classId, classId))
          : eq(practiceLog.userId, userId),
      );
    return Number(row?.total ?? 0);
  }

  /** The distinct days with practice, newest first (enough for any streak up to `limit` days). */
  async days(userId: string, limit = 400): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ day: practiceLog.day })
      .from(practiceLog)
      .where(eq(practiceLog.userId, userId))
      .orderBy(desc(practiceLog.day))
      .limit(limit);
    return rows.map((r) => r.day);
  }

  async minutesPerItem(
    userId: string,
  ): Promise<Array<{ itemType: ItemType; itemId: string; minutes: number }>> {
    const rows = await this.db
      .select({
        itemType: practiceLog.itemType,
        itemId: practiceLog.itemId,
        minutes: sql<string | number>`sum(${practiceLog.minutes})`,
      })
      .from(practiceLog)
      .where(eq(practiceLog.userId, userId))
      .groupBy(practiceLog.itemType, practiceLog.itemId)
      .orderBy(practiceLog.itemType, practiceLog.itemId);
    return rows.map((r) => ({ ...r, minutes: Number(r.minutes) }));
  }
}
