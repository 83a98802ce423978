import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Localized, PracticeClipStatus } from '@circo/shared-contracts';
import { Repository } from '../../database/transactions.js';
import {
  practiceClipComments,
  practiceClips,
  type NewPracticeClipCommentRow,
  type NewPracticeClipRow,
  type PracticeClipCommentRow,
  type PracticeClipRow,
} from '../../database/tables/practice-clips.table.js';

/** Who sent a clip and what it is about, for the teacher (read across areas on purpose). */
export interface ClipContext {
  clipId: string;
  name: string;
  surname: string;
  email: string;
  itemTitle: Localized | null;
  classTitle: Localized | null;
}

type Rows<T> = { rows: T[] };

@Injectable()
export class PracticeClipsRepository extends Repository {
  private async rows<T>(query: SQL): Promise<T[]> {
    // both drivers (node-postgres, PGlite) answer { rows }
    return ((await this.db.execute(query)) as unknown as Rows<T>).rows;
  }

  /**
   * Holds the student's row until the transaction ends: two uploads of one student at once count
   * their waiting clips one after the other (the limit holds under concurrency).
   */
  async lockStudent(userId: string): Promise<void> {
    await this.db.execute(sql`select id from users where id = ${userId} for update`);
  }

  async countPending(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(practiceClips)
      .where(and(eq(practiceClips.userId, userId), eq(practiceClips.status, 'pending')));
    return Number(row?.n ?? 0);
  }

  async insertClip(row: NewPracticeClipRow): Promise<PracticeClipRow> {
    const [saved] = await this.db.insert(practiceClips).values(row).returning();
    return saved!;
  }

  /** A student's clips (of one class when given), newest first. */
  clipsOf(userId: string, classId?: string): Promise<PracticeClipRow[]> {
    return this.db
      .select()
      .from(practiceClips)
      .where(
        classId
          ? and(eq(practiceClips.userId, userId), eq(practiceClips.classId, classId))
          : eq(practiceClips.userId, userId),
      )
      .orderBy(desc(practiceClips.createdAt), desc(practiceClips.id))
      .limit(200);
  }

  async clip(id: string): Promise<PracticeClipRow | undefined> {
    const [row] = await this.db.select().from(practiceClips).where(eq(practiceClips.id, id));
    return row;
  }

  /** Deletes a clip; false when it was already gone (a second delete, a race). */
  async deleteClip(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(practiceClips)
      .where(eq(practiceClips.id, id))
      .returning({ id: practiceClips.id });
    return rows.length > 0;
  }

  /** The comments of these clips, earliest moment first. */
  commentsOf(clipIds: readonly string[]): Promise<PracticeClipCommentRow[]> {
    if (clipIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(practiceClipComments)
      .where(inArray(practiceClipComments.clipId, [...clipIds]))
      .orderBy(asc(practiceClipComments.atSeconds), asc(practiceClipComments.createdAt));
  }

  async countComments(clipId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(practiceClipComments)
      .where(eq(practiceClipComments.clipId, clipId));
    return Number(row?.n ?? 0);
  }

  /** The id of the clip's latest comment (what an answer e-mail is about), or null. */
  async latestCommentId(clipId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: practiceClipComments.id })
      .from(practiceClipComments)
      .where(eq(practiceClipComments.clipId, clipId))
      .orderBy(desc(practiceClipComments.createdAt), desc(practiceClipComments.id))
      .limit(1);
    return row?.id ?? null;
  }

  async insertComment(row: NewPracticeClipCommentRow): Promise<PracticeClipCommentRow> {
    const [saved] = await this.db.insert(practiceClipComments).values(row).returning();
    return saved!;
  }

  async deleteComment(clipId: string, commentId: string): Promise<PracticeClipCommentRow | null> {
    const [row] = await this.db
      .delete(practiceClipComments)
      .where(and(eq(practiceClipComments.clipId, clipId), eq(practiceClipComments.id, commentId)))
      .returning();
    return row ?? null;
  }

  async setStatus(
    id: string,
    status: PracticeClipStatus,
    adminId: string,
    now: Date,
  ): Promise<PracticeClipRow> {
    const [row] = await this.db
      .update(practiceClips)
      .set(
        status === 'answered'
          ? { status, answeredAt: now, answeredBy: adminId }
          : { status, answeredAt: null, answeredBy: null },
      )
      .where(eq(practiceClips.id, id))
      .returning();
    return row!;
  }

  /** The teacher's queue: waiting clips oldest first; answered ones latest answer first. */
  queue(
    status: PracticeClipStatus,
    limit: number,
    offset: number,
    userId?: string,
  ): Promise<PracticeClipRow[]> {
    return this.db
      .select()
      .from(practiceClips)
      .where(this.inQueue(status, userId))
      .orderBy(
        ...(status === 'pending'
          ? [asc(practiceClips.createdAt), asc(practiceClips.id)]
          : [desc(practiceClips.answeredAt), desc(practiceClips.id)]),
      )
      .limit(limit)
      .offset(offset);
  }

  async countByStatus(status: PracticeClipStatus, userId?: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(practiceClips)
      .where(this.inQueue(status, userId));
    return Number(row?.n ?? 0);
  }

  private inQueue(status: PracticeClipStatus, userId?: string) {
    return userId
      ? and(eq(practiceClips.status, status), eq(practiceClips.userId, userId))
      : eq(practiceClips.status, status);
  }

  /** The student, item title and class title of each clip (null titles: removed since). */
  async contexts(clipIds: readonly string[]): Promise<Map<string, ClipContext>> {
    if (clipIds.length === 0) return new Map();
    const ids = sql.join(
      clipIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await this.rows<{
      clip_id: string;
      name: string;
      surname: string;
      email: string;
      item_title: Localized | null;
      class_title: Localized | null;
    }>(sql`
      select c.id as clip_id, u.name, u.surname, u.email,
        case c.item_type when 'course' then (select title from courses where id = c.item_id)
          else (select title from formations where id = c.item_id) end as item_title,
        case c.item_type when 'course' then (select title from course_classes where id = c.class_id)
          else (select title from formation_classes where id = c.class_id) end as class_title
      from practice_clips c join users u on u.id = c.user_id
      where c.id in (${ids})`);
    return new Map(
      rows.map((r) => [
        r.clip_id,
        {
          clipId: r.clip_id,
          name: r.name,
          surname: r.surname ?? '',
          email: r.email,
          itemTitle: r.item_title,
          classTitle: r.class_title,
        },
      ]),
    );
  }

  /** Every stored file of a student's clips and their voice notes (an account's deletion). */
  async filesOfStudent(
    userId: string,
  ): Promise<Array<{ storage: 'local' | 'cloudinary'; publicId: string }>> {
    const clips = await this.db
      .select({
        id: practiceClips.id,
        storage: practiceClips.storage,
        publicId: practiceClips.publicId,
      })
      .from(practiceClips)
      .where(eq(practiceClips.userId, userId));
    const voices = await this.voicesOf(clips.map((c) => c.id));
    return [...clips.map(({ storage, publicId }) => ({ storage, publicId })), ...voices];
  }

  async voicesOf(
    clipIds: readonly string[],
  ): Promise<Array<{ storage: 'local' | 'cloudinary'; publicId: string }>> {
    const comments = await this.commentsOf(clipIds);
    return comments.flatMap((c) =>
      c.voiceStorage && c.voicePublicId
        ? [{ storage: c.voiceStorage, publicId: c.voicePublicId }]
        : [],
    );
  }
}
