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
import { ItemCatalogueService } from '../item-catalogue.js';
import type { WithItemFlags } from '../item-reads.js';
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

const courseNotFound = () => notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');

@Injectable()
export class CoursesService extends ItemCatalogueService<CourseStructure, CourseRow> {
  constructor(
    private readonly repo: CoursesRepository,
    cache: CatalogCacheService,
    host: TransactionHost,
  ) {
    super(repo.items, courseNotFound, { cache, host, max: STRUCTURES_KEPT });
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
    const { row, classes } = await this.structure(id);
    const visible = flagsOf(row.visible);
    assertVisibleIn(visible, lang, viewer, 'course');
    return {
      ...toItemSummary(row, lang, viewer),
      classes: toClassSummaries(classes, visible, lang, viewer),
    };
  }

  /** A course class with its course's visibility flags, or undefined. */
  findClass(classId: string): Promise<WithItemFlags<CourseClassRow> | undefined> {
    return this.repo.findClass(classId);
  }

  protected async loadStructure(row: CourseSummaryRow): Promise<CourseStructure> {
    return { row, classes: await this.repo.classTitles(row.id) };
  }
}
