import { Injectable } from '@nestjs/common';
import { asc, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { SearchIndexService } from '../search/search-index.service.js';
import { SEARCH_ROWS_CACHED, SearchRowCache } from '../search/search-row-cache.js';
import { searchSteps } from '../search/text-search.js';
import type { Database } from '../../../database/database.js';
import { PreparedReadsRepository, TransactionHost } from '../../../database/transactions.js';
import {
  formationClasses,
  formationModules,
  formations,
  formationSearch,
  type FormationClassRow,
  type FormationModuleRow,
  type FormationRow,
} from '../../../database/tables/formations.table.js';

/** What the catalogue shows of a formation (no public ids, no search columns). */
const summaryColumns = {
  id: formations.id,
  title: formations.title,
  description: formations.description,
  priceCents: formations.priceCents,
  image: formations.image,
  pdf: formations.pdf,
  video: formations.video,
  visible: formations.visible,
};
export type FormationSummaryRow = { [K in keyof typeof summaryColumns]: FormationRow[K] };

const moduleColumns = {
  id: formationModules.id,
  formationId: formationModules.formationId,
  title: formationModules.title,
  description: formationModules.description,
  visible: formationModules.visible,
};
export type ModuleSummaryRow = { [K in keyof typeof moduleColumns]: FormationModuleRow[K] };

const classColumns = {
  id: formationClasses.id,
  moduleId: formationClasses.moduleId,
  title: formationClasses.title,
  visible: formationClasses.visible,
};
export type FormationClassTitleRow = { [K in keyof typeof classColumns]: FormationClassRow[K] };

/** A formation class with the flags of its module and formation. */
export interface FormationClassWithParents {
  cls: FormationClassRow;
  formationId: string;
  moduleVisible: FormationModuleRow['visible'];
  formationVisible: FormationRow['visible'];
}

const visibleIn = (lang: Lang | Placeholder) => sql`${formations.visible} ->> ${lang} = 'true'`;

/** The hot public reads, built once and prepared (Drizzle no longer rebuilds their SQL per call). */
function preparedReads(db: Database) {
  const id = sql.placeholder('id');
  return {
    summary: db
      .select(summaryColumns)
      .from(formations)
      .where(eq(formations.id, id))
      .limit(1)
      .prepare('formations_summary'),
    /** the summaries of a search's ids (any order) */
    summaries: db
      .select(summaryColumns)
      .from(formations)
      .where(sql`${formations.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('formations_summaries'),
    listVisible: db
      .select(summaryColumns)
      .from(formations)
      .where(visibleIn(sql.placeholder('lang')))
      .orderBy(desc(formations.createdAt), desc(formations.id))
      .prepare('formations_list_visible'),
    modules: db
      .select(moduleColumns)
      .from(formationModules)
      .where(eq(formationModules.formationId, id))
      .orderBy(asc(formationModules.position), asc(formationModules.createdAt))
      .prepare('formations_modules'),
  };
}

@Injectable()
export class FormationsRepository extends PreparedReadsRepository<
  ReturnType<typeof preparedReads>
> {
  /** the rows searches showed lately (catalogue/search/search-row-cache.ts) */
  private readonly searchRows = new SearchRowCache<FormationSummaryRow>(SEARCH_ROWS_CACHED);

  constructor(
    host: TransactionHost,
    private readonly searchIndex: SearchIndexService,
  ) {
    super(host, preparedReads);
  }

  async findById(id: string): Promise<FormationRow | undefined> {
    const [row] = await this.db.select().from(formations).where(eq(formations.id, id)).limit(1);
    return row;
  }

  async findSummary(id: string): Promise<FormationSummaryRow | undefined> {
    const [row] = await this.prepared.summary.execute({ id });
    return row;
  }

  /** Formations visible in `lang`, newest first. */
  listVisible(lang: Lang): Promise<FormationSummaryRow[]> {
    return this.prepared.listVisible.execute({ lang });
  }

  /** The formation's modules, in order. */
  modules(formationId: string): Promise<ModuleSummaryRow[]> {
    return this.prepared.modules.execute({ id: formationId });
  }

  /** A module with its formation's flags, or undefined. */
  async findModule(
    moduleId: string,
  ): Promise<{ module: ModuleSummaryRow; formationVisible: FormationRow['visible'] } | undefined> {
    const [row] = await this.db
      .select({ module: moduleColumns, formationVisible: formations.visible })
      .from(formationModules)
      .innerJoin(formations, eq(formations.id, formationModules.formationId))
      .where(eq(formationModules.id, moduleId))
      .limit(1);
    return row;
  }

  /** Titles and flags of the classes of the given modules, each module's in order. */
  classTitles(moduleIds: readonly string[]): Promise<FormationClassTitleRow[]> {
    if (moduleIds.length === 0) return Promise.resolve([]);
    return this.db
      .select(classColumns)
      .from(formationClasses)
      .where(inArray(formationClasses.moduleId, [...moduleIds]))
      .orderBy(asc(formationClasses.position), asc(formationClasses.createdAt));
  }

  /** A formation class with its module's and formation's flags, or undefined. */
  async findClass(classId: string): Promise<FormationClassWithParents | undefined> {
    const [row] = await this.db
      .select({
        cls: formationClasses,
        formationId: formations.id,
        moduleVisible: formationModules.visible,
        formationVisible: formations.visible,
      })
      .from(formationClasses)
      .innerJoin(formationModules, eq(formationModules.id, formationClasses.moduleId))
      .innerJoin(formations, eq(formations.id, formationModules.formationId))
      .where(eq(formationClasses.id, classId))
      .limit(1);
    return row;
  }

  /** Spanish titles and flags of the given formations (missing ids are left out). */
  /** Summary rows of the given ids (unknown ids are absent), for My Courses. */
  summaries(ids: readonly string[]): Promise<FormationSummaryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select(summaryColumns)
      .from(formations)
      .where(inArray(formations.id, [...ids]));
  }

  titles(ids: readonly string[]): Promise<Array<Pick<FormationRow, 'id' | 'title' | 'visible'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: formations.id, title: formations.title, visible: formations.visible })
      .from(formations)
      .where(inArray(formations.id, [...ids]));
  }

  /** The queries of a search, as searchIds runs them (for EXPLAIN in tests and the bench). */
  searchSteps(lang: Lang, q: string) {
    return searchSteps(formationSearch, lang, q);
  }

  /**
   * Formations visible in `lang` whose title or description there contains `q` (accents and case
   * ignored): title matches first, then by normalised title (catalogue/search/text-search.ts).
   */
  async search(lang: Lang, q: string, limit: number): Promise<FormationSummaryRow[]> {
    const { ids, version } = await this.searchIndex.find(formationSearch, lang, q, limit);
    return this.searchRows.inOrder(ids, version, (missing) =>
      this.reads.summaries.execute({ ids: missing }),
    );
  }
}
