import { Injectable } from '@nestjs/common';
import { asc, desc, eq } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { toggleFlag, writePositions } from '../admin/positions.js';
import type { LocalizedFlags } from '../../../database/tables/columns.js';
import { Repository } from '../../../database/transactions.js';
import { ClassRows } from '../classes/class-rows.js';
import {
  courseClasses,
  courses,
  type CourseClassRow,
  type CourseRow,
  type NewCourseClassRow,
  type NewCourseRow,
} from '../../../database/tables/courses.table.js';

const classOrder = {
  table: courseClasses,
  id: courseClasses.id,
  parent: courseClasses.courseId,
  position: courseClasses.position,
};

/** The admin's writes and full reads of courses and their classes. */
@Injectable()
export class CourseAdminRepository extends Repository {
  /** One-row reads and writes of the classes (the class-writing service uses them). */
  readonly classes = new ClassRows<CourseClassRow, NewCourseClassRow>(
    () => this.db,
    { ...classOrder, visible: courseClasses.visible },
    (values) => values.courseId,
  );

  async findById(id: string): Promise<CourseRow | undefined> {
    const [row] = await this.db.select().from(courses).where(eq(courses.id, id)).limit(1);
    return row;
  }

  listAll(): Promise<CourseRow[]> {
    return this.db.select().from(courses).orderBy(desc(courses.createdAt), desc(courses.id));
  }

  /** Every class title, each course's in order. */
  allClassTitles(): Promise<Array<Pick<CourseClassRow, 'id' | 'courseId' | 'title' | 'visible'>>> {
    return this.db
      .select({
        id: courseClasses.id,
        courseId: courseClasses.courseId,
        title: courseClasses.title,
        visible: courseClasses.visible,
      })
      .from(courseClasses)
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt));
  }

  async insert(values: NewCourseRow): Promise<CourseRow> {
    const [row] = await this.db.insert(courses).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewCourseRow>): Promise<CourseRow | undefined> {
    const [row] = await this.db.update(courses).set(values).where(eq(courses.id, id)).returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(courses)
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    return rows.length > 0;
  }

  async toggleVisible(id: string, lang: Lang): Promise<LocalizedFlags | undefined> {
    const [row] = await this.db
      .update(courses)
      .set({ visible: toggleFlag(courses.visible, lang) as never })
      .where(eq(courses.id, id))
      .returning({ visible: courses.visible });
    return row?.visible;
  }

  classesOf(courseId: string): Promise<CourseClassRow[]> {
    return this.db
      .select()
      .from(courseClasses)
      .where(eq(courseClasses.courseId, courseId))
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt));
  }

  reorderClasses(courseId: string, ids: readonly string[]): Promise<void> {
    return writePositions(this.db, classOrder, courseId, ids);
  }
}
