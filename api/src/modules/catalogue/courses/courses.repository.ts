import { Injectable } from '@nestjs/common';
import { asc, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { SearchIndexService } from '../search/search-index.service.js';
import {
  childWithItemFlags,
  ItemReads,
  itemSummaryColumns,
  itemReadBuilders,
  type ItemSummaryRow,
  type WithItemFlags,
} from '../item-reads.js';
import type { Database } from '../../../database/database.js';
import {
  type BuiltReads,
  PreparedReadsRepository,
  TransactionHost,
} from '../../../database/transactions.js';
import {
  courseClasses,
  courseSearch,
  courses,
  type CourseClassRow,
  type CourseRow,
} from '../../../database/tables/courses.table.js';

export type CourseSummaryRow = ItemSummaryRow;

const classColumns = {
  id: courseClasses.id,
  courseId: courseClasses.courseId,
  title: courseClasses.title,
  visible: courseClasses.visible,
};
export type CourseClassTitleRow = { [K in keyof typeof classColumns]: CourseClassRow[K] };

const visibleIn = (lang: Lang | Placeholder) => sql`${courses.visible} ->> ${lang} = 'true'`;

/** The hot public reads, built once and prepared (Drizzle no longer rebuilds their SQL per call). */
const preparedReads = {
  ...itemReadBuilders(courses, 'courses'),
  listVisible: (db: Database) =>
    db
      .select(itemSummaryColumns(courses))
      .from(courses)
      .where(visibleIn(sql.placeholder('lang')))
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('courses_list_visible'),
  classTitles: (db: Database) =>
    db
      .select(classColumns)
      .from(courseClasses)
      .where(eq(courseClasses.courseId, sql.placeholder('id')))
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt))
      .prepare('courses_class_titles'),
};

@Injectable()
export class CoursesRepository extends PreparedReadsRepository<BuiltReads<typeof preparedReads>> {
  /** By id, summaries, titles and the search (item-reads.ts). */
  readonly items: ItemReads<CourseRow>;

  constructor(host: TransactionHost, searchIndex: SearchIndexService) {
    super(host, preparedReads);
    const source = { db: () => this.db, prepared: () => this.prepared, reads: this.reads };
    this.items = new ItemReads({ ...source, table: courses, search: courseSearch }, searchIndex);
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
  findClass(classId: string): Promise<WithItemFlags<CourseClassRow> | undefined> {
    const child = { table: courseClasses, id: courseClasses.id, itemId: courseClasses.courseId };
    return childWithItemFlags(this.db, { ...child, columns: courseClasses }, courses, classId);
  }
}
