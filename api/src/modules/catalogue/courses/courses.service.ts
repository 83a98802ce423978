import { Injectable } from '@nestjs/common';
import {
  CATALOG_ERRORS,
  type CourseDetail,
  type CourseSummary,
  type Lang,
} from '@circo/shared-contracts';
import { toClassSummaries, toItemSummary } from '../catalog.mapper.js';
import { assertVisibleIn, flagsOf, type Viewer } from '../visibility.js';
import { CatalogCacheService } from '../cache/catalog-cache.service.js';
import { CatalogRows } from '../cache/catalog-rows.js';
import { notFound } from '../../../common/errors/app-error.js';
import { TransactionHost } from '../../../database/transactions.js';
import {
  CoursesRepository,
  type CourseClassTitleRow,
  type CourseSummaryRow,
} from './courses.repository.js';
import type { CourseClassRow, CourseRow } from '../../../database/tables/courses.table.js';

/** A course and its classes (titles and flags): what its page and its student's viewer show. */
interface CourseStructure {
  row: CourseSummaryRow;
  classes: CourseClassTitleRow[];
}

/** Courses whose structure is kept in memory (a few hundred bytes each). */
const STRUCTURES_KEPT = 5_000;

@Injectable()
export class CoursesService {
  private readonly structures: CatalogRows<CourseStructure>;

  constructor(
    private readonly repo: CoursesRepository,
    cache: CatalogCacheService,
    host: TransactionHost,
  ) {
    this.structures = new CatalogRows(cache, host, STRUCTURES_KEPT);
  }

  /** The course, or 404 `courses.not_found`. */
  async get(id: string): Promise<CourseRow> {
    const row = await this.repo.items.find(id);
    if (!row) throw notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');
    return row;
  }

  /** What a checkout prices the course by (title, price, visibility), or 404 `courses.not_found`. */
  async forSale(id: string): Promise<Pick<CourseSummaryRow, 'title' | 'priceCents' | 'visible'>> {
    const course = await this.structure(id);
    if (!course) throw notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');
    return course.row;
  }

  /** Whether the class is one of the course's (404 when the course does not exist). */
  async hasClass(courseId: string, classId: string): Promise<boolean> {
    const course = await this.structure(courseId);
    if (!course) throw notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');
    return course.classes.some((c) => c.id === classId);
  }

  /** GET /courses/visible: courses visible in `lang`, newest first, one page. */
  async listVisible(
    lang: Lang,
    viewer: Viewer,
    page: { limit: number; offset: number },
  ): Promise<CourseSummary[]> {
    const rows = await this.repo.listVisible(lang, page);
    return rows.map((r) => toItemSummary(r, lang, viewer));
  }

  /**
   * GET /courses/{id}: the course with the titles of its classes visible in `lang`. 404 when
   * unknown; 403 with the available languages when hidden in `lang` (an admin gets it anyway).
   */
  async detail(id: string, lang: Lang, viewer: Viewer): Promise<CourseDetail> {
    const course = await this.structure(id);
    if (!course) throw notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');
    const { row, classes } = course;
    const visible = flagsOf(row.visible);
    assertVisibleIn(visible, lang, viewer, 'course');
    return {
      ...toItemSummary(row, lang, viewer),
      classes: toClassSummaries(classes, visible, lang, viewer),
    };
  }

  /** The given courses as summaries in `lang` (hidden languages blanked), in the order of `ids`. */
  async summaries(ids: readonly string[], lang: Lang, viewer: Viewer): Promise<CourseSummary[]> {
    const rows = new Map((await this.repo.items.summaries(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toItemSummary(row, lang, viewer)] : [];
    });
  }

  /** Visible courses matching the search term in `lang`. */
  async search(lang: Lang, q: string, limit: number, viewer: Viewer): Promise<CourseSummary[]> {
    const rows = await this.repo.items.search(lang, q, limit);
    return rows.map((r) => toItemSummary(r, lang, viewer));
  }

  /** A course class with its course's visibility flags, or undefined. */
  findClass(
    classId: string,
  ): Promise<{ cls: CourseClassRow; courseVisible: CourseRow['visible'] } | undefined> {
    return this.repo.findClass(classId);
  }

  /** Titles and flags of the given courses, by id (unknown ids are absent). */
  async titles(ids: readonly string[]): Promise<Map<string, Pick<CourseRow, 'title' | 'visible'>>> {
    const rows = await this.repo.items.titles(ids);
    return new Map(rows.map((r) => [r.id, { title: r.title, visible: r.visible }]));
  }

  /** The course and its classes, kept until the catalogue changes; undefined when unknown. */
  private structure(id: string): Promise<CourseStructure | undefined> {
    return this.structures.get(id, async () => {
      const row = await this.repo.items.findSummary(id);
      return row && { row, classes: await this.repo.classTitles(id) };
    });
  }
}
