import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { containsTerm, searchOrder } from '../../common/search/text-search.js';
import { Repository } from '../../database/transactions.js';
import { courseClasses, courses, type CourseClassRow, type CourseRow } from './courses.table.js';

/** What the catalogue shows of a course (no public ids, no search columns). */
const summaryColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  priceCents: courses.priceCents,
  image: courses.image,
  pdf: courses.pdf,
  video: courses.video,
  visible: courses.visible,
};
export type CourseSummaryRow = { [K in keyof typeof summaryColumns]: CourseRow[K] };

const classColumns = {
  id: courseClasses.id,
  courseId: courseClasses.courseId,
  title: courseClasses.title,
  visible: courseClasses.visible,
};
export type CourseClassTitleRow = { [K in keyof typeof classColumns]: CourseClassRow[K] };

const searchColumn = { es: courses.searchEs, en: courses.searchEn, fr: courses.searchFr } as const;
const visibleIn = (lang: Lang) => sql`${courses.visible} ->> ${lang} = 'true'`;

@Injectable()
export class CoursesRepository extends Repository {
  async findById(id: string): Promise<CourseRow | undefined> {
    const [row] = await this.db.select().from(courses).where(eq(courses.id, id)).limit(1);
    return row;
  }

  /** Ids of the course's classes, in order. */
  async classIds(courseId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: courseClasses.id })
      .from(courseClasses)
      .where(eq(courseClasses.courseId, courseId))
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt));
    return rows.map((r) => r.id);
  }

  async findSummary(id: string): Promise<CourseSummaryRow | undefined> {
    const [row] = await this.db
      .select(summaryColumns)
      .from(courses)
      .where(eq(courses.id, id))
      .limit(1);
    return row;
  }

  /** Courses visible in `lang`, newest first (ties by id, so pages never overlap). */
  listVisible(lang: Lang, page: { limit: number; offset: number }): Promise<CourseSummaryRow[]> {
    return this.db
      .select(summaryColumns)
      .from(courses)
      .where(visibleIn(lang))
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** The classes' titles and flags, in order. */
  classTitles(courseId: string): Promise<CourseClassTitleRow[]> {
    return this.db
      .select(classColumns)
      .from(courseClasses)
      .where(eq(courseClasses.courseId, courseId))
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt));
  }

  /** A class with the flags of its course, or undefined. */
  async findClass(
    classId: string,
  ): Promise<{ cls: CourseClassRow; courseVisible: CourseRow['visible'] } | undefined> {
    const [row] = await this.db
      .select({ cls: courseClasses, courseVisible: courses.visible })
      .from(courseClasses)
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(eq(courseClasses.id, classId))
      .limit(1);
    return row;
  }

  /** Spanish titles and flags of the given courses (missing ids are left out). */
  /** Summary rows of the given ids (unknown ids are absent), for My Courses. */
  summaries(ids: readonly string[]): Promise<CourseSummaryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select(summaryColumns)
      .from(courses)
      .where(inArray(courses.id, [...ids]));
  }

  titles(ids: readonly string[]): Promise<Array<Pick<CourseRow, 'id' | 'title' | 'visible'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: courses.id, title: courses.title, visible: courses.visible })
      .from(courses)
      .where(inArray(courses.id, [...ids]));
  }

  /**
   * Courses visible in `lang` whose title or description there contains `q` (accents and case
   * ignored): title matches first, then by normalised title. Kept as a query (not awaited) so a
   * test can EXPLAIN it.
   */
  searchQuery(lang: Lang, q: string, limit: number) {
    const column = searchColumn[lang];
    const order = searchOrder(column, sql`${courses.title} ->> ${lang}`, courses.id, q);
    // ranked on narrow rows first, then only the page's full rows are read
    const page = this.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(containsTerm(column, q), visibleIn(lang)))
      .orderBy(...order)
      .limit(limit);
    return this.db
      .select(summaryColumns)
      .from(courses)
      .where(inArray(courses.id, page))
      .orderBy(...order);
  }

  search(lang: Lang, q: string, limit: number): Promise<CourseSummaryRow[]> {
    return this.searchQuery(lang, q, limit);
  }
}
