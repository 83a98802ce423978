import { Injectable } from '@nestjs/common';
import { asc, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { SearchIndexService } from '../search/search-index.service.js';
import { SEARCH_ROWS_CACHED, SearchRowCache } from '../search/search-row-cache.js';
import { searchSteps } from '../search/text-search.js';
import type { Database } from '../../../database/database.js';
import { PreparedReadsRepository, TransactionHost } from '../../../database/transactions.js';
import {
  courseClasses,
  courseSearch,
  courses,
  type CourseClassRow,
  type CourseRow,
} from '../../../database/tables/courses.table.js';

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

const visibleIn = (lang: Lang | Placeholder) => sql`${courses.visible} ->> ${lang} = 'true'`;

/** The hot public reads, built once and prepared (Drizzle no longer rebuilds their SQL per call). */
function preparedReads(db: Database) {
  const id = sql.placeholder('id');
  return {
    summary: db
      .select(summaryColumns)
      .from(courses)
      .where(eq(courses.id, id))
      .limit(1)
      .prepare('courses_summary'),
    /** the summaries of a search's ids (any order) */
    summaries: db
      .select(summaryColumns)
      .from(courses)
      .where(sql`${courses.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('courses_summaries'),
    listVisible: db
      .select(summaryColumns)
      .from(courses)
      .where(visibleIn(sql.placeholder('lang')))
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('courses_list_visible'),
    classTitles: db
      .select(classColumns)
      .from(courseClasses)
      .where(eq(courseClasses.courseId, id))
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt))
      .prepare('courses_class_titles'),
  };
}

@Injectable()
export class CoursesRepository extends PreparedReadsRepository<ReturnType<typeof preparedReads>> {
  /** the rows searches showed lately (catalogue/search/search-row-cache.ts) */
  private readonly searchRows = new SearchRowCache<CourseSummaryRow>(SEARCH_ROWS_CACHED);

  constructor(
    host: TransactionHost,
    private readonly searchIndex: SearchIndexService,
  ) {
    super(host, preparedReads);
  }

  async findById(id: string): Promise<CourseRow | undefined> {
    const [row] = await this.db.select().from(courses).where(eq(courses.id, id)).limit(1);
    return row;
  }

  async findSummary(id: string): Promise<CourseSummaryRow | undefined> {
    const [row] = await this.prepared.summary.execute({ id });
    return row;
  }

  /** Courses visible in `lang`, newest first (ties by id, so pages never overlap). */
  listVisible(lang: Lang, page: { limit: number; offset: number }): Promise<CourseSummaryRow[]> {
    return this.prepared.listVisible.execute({ lang, limit: page.limit, offset: page.offset });
  }

  /** The classes' titles and flags, in order. */
  classTitles(courseId: string): Promise<CourseClassTitleRow[]> {
    return this.prepared.classTitles.execute({ id: courseId });
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

  /** The queries of a search, as searchIds runs them (for EXPLAIN in tests and the bench). */
  searchSteps(lang: Lang, q: string) {
    return searchSteps(courseSearch, lang, q);
  }

  /**
   * Courses visible in `lang` whose title or description there contains `q` (accents and case
   * ignored): title matches first, then by normalised title (catalogue/search/text-search.ts).
   */
  async search(lang: Lang, q: string, limit: number): Promise<CourseSummaryRow[]> {
    const { ids, version } = await this.searchIndex.find(courseSearch, lang, q, limit);
    return this.searchRows.inOrder(ids, version, (missing) =>
      this.reads.summaries.execute({ ids: missing }),
    );
  }
}
